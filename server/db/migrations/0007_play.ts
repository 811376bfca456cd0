import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// Play (docs/decisions.md "Play"): participants' tokens, question rounds, answers, poll voters and votes,
// the join throttle's counters (rate-limiter-flexible over this database, so every instance shares them),
// and each client's OpenID Connect provider with the sign-ins in progress. Ids and references are 64-bit
// on both databases, like every other table since 0004.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
type AnyTable = CreateTableBuilder<string, any>;

export function playMigration(dialect: DialectName) {
  const pg = dialect === 'postgres';
  const ref = pg ? 'bigint' : 'integer';
  const withId = (table: AnyTable): AnyTable =>
    pg
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyTable
    async up(db: Kysely<any>): Promise<void> {
      // One token per attempt: the phone keeps it; only its sha256 is stored (like admin tokens).
      await withId(db.schema.createTable('participant_tokens'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', ref, (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('viewer_id', ref, (c) => c.notNull().references('viewers.id').onDelete('cascade'))
        .addColumn('quiz_id', ref, (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('attempt_id', ref, (c) => c.notNull().references('attempts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('participant_tokens_attempt_idx').on('participant_tokens').column('attempt_id').execute();

      // A question's answering round: shared by the quiz (scope 0) or one attempt's own (self-paced, scope =
      // attempt id). Times are epoch ms of the server.
      await withId(db.schema.createTable('rounds'))
        .addColumn('quiz_id', ref, (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('scope', ref, (c) => c.notNull().defaultTo(0))
        .addColumn('attempt_id', ref, (c) => c.references('attempts.id').onDelete('cascade'))
        .addColumn('question_no', 'integer', (c) => c.notNull())
        .addColumn('question_id', ref, (c) => c.notNull().references('questions.id').onDelete('cascade'))
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('answer_opens_at', 'bigint', (c) => c.notNull())
        .addColumn('closes_at', 'bigint')
        .addColumn('reveal_at', 'bigint')
        /** Seconds of answering the points fall over; 0: untimed (a correct answer scores 1000). */
        .addColumn('qs_timer', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('rounds_quiz_scope_question_unique', ['quiz_id', 'scope', 'question_no'])
        .execute();
      await db.schema.createIndex('rounds_attempt_idx').on('rounds').column('attempt_id').execute();

      await withId(db.schema.createTable('answers'))
        .addColumn('client_id', ref, (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('quiz_id', ref, (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('attempt_id', ref, (c) => c.notNull().references('attempts.id').onDelete('cascade'))
        .addColumn('round_id', ref, (c) => c.notNull().references('rounds.id').onDelete('cascade'))
        .addColumn('question_id', ref, (c) => c.notNull())
        .addColumn('question_no', 'integer', (c) => c.notNull())
        .addColumn('chosen_option', 'text', (c) => c.notNull())
        /** The phone's stamp after clamping (see src/lib/scoring.ts). */
        .addColumn('chosen_at', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('correct', 'boolean', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        /** Seconds counted into the attempt's time_taken. */
        .addColumn('seconds', 'real', (c) => c.notNull())
        .addColumn('idempotency_key', 'text')
        .addUniqueConstraint('answers_attempt_question_unique', ['attempt_id', 'question_id'])
        .execute();
      await db.schema.createIndex('answers_round_idx').on('answers').columns(['round_id', 'chosen_option']).execute();

      await withId(db.schema.createTable('poll_voters'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', ref, (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('poll_id', ref, (c) => c.notNull().references('polls.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('poll_voters_poll_idx').on('poll_voters').column('poll_id').execute();

      await withId(db.schema.createTable('poll_votes'))
        .addColumn('poll_id', ref, (c) => c.notNull().references('polls.id').onDelete('cascade'))
        .addColumn('voter_id', ref, (c) => c.notNull().references('poll_voters.id').onDelete('cascade'))
        .addColumn('choice_id', ref, (c) => c.notNull().references('poll_choices.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('poll_votes_poll_voter_unique', ['poll_id', 'voter_id'])
        .execute();
      await db.schema.createIndex('poll_votes_choice_idx').on('poll_votes').column('choice_id').execute();

      // rate-limiter-flexible's counters (server/http/throttle.ts).
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('expire', 'bigint')
        .execute();

      await db.schema
        .createTable('client_oidc')
        .addColumn('client_id', ref, (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('oidc_client_id', 'text', (c) => c.notNull())
        .addColumn('oidc_client_secret', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('oidc_logins')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('quiz_id', ref, (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see AnyTable
    async down(db: Kysely<any>): Promise<void> {
      for (const table of [
        'oidc_logins',
        'client_oidc',
        'rate_limits',
        'poll_votes',
        'poll_voters',
        'answers',
        'rounds',
        'participant_tokens',
      ])
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
    },
  };
}
