import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Joining a quiz finds the client's viewer by email (play-service.ts findOrCreateViewer). Without an index on
// (client_id, email) SQLite walked every viewer of the client for each join, so 1,000 players joining one
// quiz cost the square of their number (bench play: the largest read of a join).

export const viewersEmailIndexMigration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('viewers_client_email_idx').on('viewers').columns(['client_id', 'email']).execute();
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop index if exists viewers_client_email_idx`.execute(db);
  },
};
