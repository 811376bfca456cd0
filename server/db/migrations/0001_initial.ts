import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// The whole schema in one migration, so that the resource modules built on top of it never race on
// migrations. Only Kysely's portable types are used; the id column is the one dialect difference.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
type AnyTable = CreateTableBuilder<string, any>;

export function initialMigration(dialect: DialectName) {
  const withId = (table: AnyTable): AnyTable =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  const owned = (table: AnyTable): AnyTable =>
    table
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyTable
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('clients'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('poll_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('social_auth_feature', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('business_logo', 'text')
        .addColumn('background_image', 'text')
        .addColumn('mascot_logo', 'text')
        .addColumn('recent_participant_time', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('viewer_app_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('users'))
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_client_idx').on('users').column('client_id').execute();

      await withId(db.schema.createTable('auth_tokens'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

      await withId(db.schema.createTable('password_resets'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

      await owned(withId(db.schema.createTable('categories')))
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();

      // Deleting a category deletes its questions (as Django's CASCADE would); the categories route must
      // record those questions in `deletions` first so mirrors drop them too.
      await owned(withId(db.schema.createTable('questions')))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('hint', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text')
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('correct_option', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('questions_category_idx').on('questions').column('category_id').execute();

      await owned(withId(db.schema.createTable('quizzes')))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('ANNOUNCED'))
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('image', 'text')
        .addColumn('qs_timer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('timer_bw_qs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('before_qs_timer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('question_no', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('time_based', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('show_count_down', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('show_options', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('join_code', 'text', (c) => c.notNull())
        .addColumn('quiz_hash', 'text', (c) => c.notNull().unique())
        .addColumn('max_attempt_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('start_date_time', 'text', (c) => c.notNull())
        .addColumn('end_date_time', 'text', (c) => c.notNull())
        .addColumn('sponsor_logo', 'text')
        .addColumn('sponsor_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('auth_used', 'text', (c) => c.notNull().defaultTo('FORM_BASED'))
        .addColumn('question_started_at', 'bigint')
        .addColumn('question_ends_at', 'bigint')
        .execute();
      // The AUTO scheduler scans unfinished quizzes by mode and status across clients.
      await db.schema.createIndex('quizzes_mode_status_idx').on('quizzes').columns(['mode', 'status']).execute();

      await withId(db.schema.createTable('quiz_questions'))
        .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addUniqueConstraint('quiz_questions_quiz_question_unique', ['quiz_id', 'question_id'])
        .execute();
      await db.schema.createIndex('quiz_questions_question_idx').on('quiz_questions').column('question_id').execute();

      await owned(withId(db.schema.createTable('polls')))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('join_code', 'text', (c) => c.notNull())
        .addColumn('poll_hash', 'text', (c) => c.notNull().unique())
        .addColumn('qr_image', 'text')
        .addColumn('show_options', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('show_total_votes', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();

      await owned(withId(db.schema.createTable('poll_choices')))
        .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('poll_choices_poll_idx').on('poll_choices').column('poll_id').execute();

      await owned(withId(db.schema.createTable('viewers')))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await owned(withId(db.schema.createTable('attempts')))
        .addColumn('viewer_id', 'integer', (c) => c.notNull().references('viewers.id').onDelete('cascade'))
        .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('time_taken', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('rank', 'integer')
        .addColumn('start_date_time', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('attempts_quiz_idx').on('attempts').column('quiz_id').execute();
      await db.schema.createIndex('attempts_viewer_idx').on('attempts').column('viewer_id').execute();

      // Lists are read per client, newest changes first for updated_after pulls.
      for (const table of ['categories', 'questions', 'quizzes', 'polls', 'poll_choices', 'viewers', 'attempts']) {
        await db.schema.createIndex(`${table}_client_updated_idx`).on(table).columns(['client_id', 'updated_at']).execute();
      }

      await withId(db.schema.createTable('idempotency_keys'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('idempotency_keys_user_key_unique', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

      await withId(db.schema.createTable('deletions'))
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('deleted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deletions_client_entity_idx').on('deletions').columns(['client_id', 'entity', 'deleted_at']).execute();

      await db.schema
        .createTable('scheduler_locks')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyTable
    async down(db: Kysely<any>): Promise<void> {
      const tables = [
        'scheduler_locks',
        'deletions',
        'idempotency_keys',
        'attempts',
        'viewers',
        'poll_choices',
        'polls',
        'quiz_questions',
        'quizzes',
        'questions',
        'categories',
        'password_resets',
        'auth_tokens',
        'users',
        'clients',
      ];
      for (const table of tables) await sql`drop table if exists ${sql.table(table)}`.execute(db);
    },
  };
}
