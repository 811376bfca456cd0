import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// A category name is unique per client, ignoring case. The categories route checks it first (for a clear
// 400); this index makes the database the judge when two creates of one name race (PostgreSQL runs them
// in parallel). lower() in an index expression works on both SQLite and PostgreSQL.

export const categoryNameUniqueMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
  async up(db: Kysely<any>): Promise<void> {
    await sql`create unique index categories_client_lower_name_unique on categories (client_id, lower(name))`.execute(db);
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop index if exists categories_client_lower_name_unique`.execute(db);
  },
};
