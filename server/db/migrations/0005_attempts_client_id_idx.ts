import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The participants export reads a client's attempts in id order, a batch at a time (`id > last`). Without
// an index on (client_id, id) SQLite chose the (client_id, updated_at) index and sorted every attempt of the
// client for each batch, so the export grew with the square of its size (300,000 rows took ~27 s).

export const attemptsClientIdIndexMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('attempts_client_id_idx').on('attempts').columns(['client_id', 'id']).execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop index if exists attempts_client_id_idx`.execute(db);
  },
};
