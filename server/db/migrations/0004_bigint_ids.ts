import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// Ids are 64-bit integers on SQLite but were 32-bit (serial) on PostgreSQL, where a well-formed id beyond
// 2,147,483,647 in a path, filter or body (`/api/v1/quiz/99999999999/`) made the query fail: a 500 instead
// of the 404 or 400 SQLite answers. Widening every id and reference to bigint makes both databases answer
// the same. SQLite needs nothing.

const ID_COLUMNS: Record<string, string[]> = {
  clients: ['id'],
  users: ['id', 'client_id'],
  auth_tokens: ['id', 'user_id'],
  password_resets: ['id', 'user_id'],
  categories: ['id', 'client_id'],
  questions: ['id', 'client_id', 'category_id'],
  quizzes: ['id', 'client_id'],
  quiz_questions: ['id', 'quiz_id', 'question_id'],
  polls: ['id', 'client_id'],
  poll_choices: ['id', 'client_id', 'poll_id'],
  viewers: ['id', 'client_id'],
  attempts: ['id', 'client_id', 'viewer_id', 'quiz_id'],
  idempotency_keys: ['id', 'user_id'],
  deletions: ['id', 'client_id', 'entity_id'],
};

async function setIdType(db: Kysely<unknown>, type: 'bigint' | 'integer'): Promise<void> {
  for (const [table, columns] of Object.entries(ID_COLUMNS)) {
    const changes = columns.map((column) => sql`alter column ${sql.ref(column)} type ${sql.raw(type)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
  }
}

export function bigintIdsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await setIdType(db, 'bigint');
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await setIdType(db, 'integer');
    },
  };
}
