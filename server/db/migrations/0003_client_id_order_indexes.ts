import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Questions and quizzes are listed per client, newest (highest id) first, ten a page. Without an index on
// (client_id, id) each page sorted every row of the client (a bank of 5,000 questions took ~3 ms a page
// on SQLite); with it the page is read in order from the index.

const INDEXES = [
  ['questions_client_id_idx', 'questions'],
  ['quizzes_client_id_idx', 'quizzes'],
] as const;

export const clientIdOrderIndexesMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
  async up(db: Kysely<any>): Promise<void> {
    for (const [name, table] of INDEXES) await db.schema.createIndex(name).on(table).columns(['client_id', 'id']).execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>): Promise<void> {
    for (const [name] of INDEXES) await sql`drop index if exists ${sql.raw(name)}`.execute(db);
  },
};
