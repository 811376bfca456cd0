import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// No response may tell one client whether another client's poll exists. The poll hash is
// typed by the admin and was unique across all clients, so "already exists" told exactly that, and a
// guessable hash in the viewer link let anyone find a poll. Now a poll's public link uses `link_key`, a
// random key of the server's (unique, unguessable), and the poll hash is unique within its client only.
// Existing polls get a key here; their updated_at moves so that portals' mirrors pull it (updated_after).

/** As poll-service.ts newPollLinkKey() makes them (kept here: a migration does not follow later code). */
const newPollLinkKey = (): string => randomBytes(16).toString('base64url');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on today's Database type
type AnyDb = Kysely<any>;

async function backfillLinkKeys(db: AnyDb): Promise<void> {
  const polls: { id: number }[] = await db.selectFrom('polls').select('id').execute();
  const now = new Date().toISOString();
  for (const poll of polls) {
    await db.updateTable('polls').set({ link_key: newPollLinkKey(), updated_at: now }).where('id', '=', poll.id).execute();
  }
}

/**
 * SQLite cannot drop a column's UNIQUE (its automatic index belongs to the table): the table is rebuilt, the
 * documented way (sqlite.org/lang_altertable.html, "other kinds of table schema changes"). Foreign keys are
 * off meanwhile, or dropping the old table would cascade to every poll's choices, voters and votes.
 */
async function rebuildSqlitePolls(db: AnyDb, hashUnique: 'per client' | 'global'): Promise<void> {
  const perClient = hashUnique === 'per client';
  // 0001's polls table, but for the poll hash's uniqueness and the link key.
  let table = db.schema
    .createTable('polls_rebuilt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('join_code', 'text', (c) => c.notNull())
    .addColumn('poll_hash', 'text', (c) => (perClient ? c.notNull() : c.notNull().unique()))
    .addColumn('qr_image', 'text')
    .addColumn('show_options', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_total_votes', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true));
  if (perClient) {
    table = table
      .addColumn('link_key', 'text', (c) => c.notNull().unique())
      .addUniqueConstraint('polls_client_poll_hash_unique', ['client_id', 'poll_hash']);
  }
  const columns = sql.raw(
    '"id", "client_id", "created_at", "updated_at", "version", "name", "join_code", "poll_hash", "qr_image", "show_options", "show_total_votes", "active"',
  );
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await table.execute();
    if (perClient) {
      // Placeholder keys (unique by id) for the copy; backfillLinkKeys() replaces them with random ones.
      await sql`insert into "polls_rebuilt" (${columns}, "link_key") select ${columns}, 'rebuilt-' || "id" from "polls"`.execute(db);
    } else {
      await sql`insert into "polls_rebuilt" (${columns}) select ${columns} from "polls"`.execute(db);
    }
    // AUTOINCREMENT never gives a deleted poll's id again (mirrors know deleted ids): the new table goes on
    // from the old one's counter, not from its highest id left.
    const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'polls'`.execute(db);
    await sql`drop table "polls"`.execute(db);
    await sql`alter table "polls_rebuilt" rename to "polls"`.execute(db);
    await sql`delete from sqlite_sequence where name = 'polls'`.execute(db);
    const seq = counter.rows[0]?.seq;
    if (seq !== undefined) await sql`insert into sqlite_sequence (name, seq) values ('polls', ${seq})`.execute(db);
    await db.schema.createIndex('polls_client_updated_idx').on('polls').columns(['client_id', 'updated_at']).execute();
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`Rebuilding polls broke ${broken.rows.length} foreign keys`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function pollLinkKeyMigration(dialect: DialectName) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect === 'sqlite') {
        await rebuildSqlitePolls(db, 'per client');
        await backfillLinkKeys(db);
        return;
      }
      await db.schema.alterTable('polls').addColumn('link_key', 'text').execute();
      await backfillLinkKeys(db);
      await sql`alter table polls alter column link_key set not null`.execute(db);
      await sql`alter table polls add constraint polls_link_key_unique unique (link_key)`.execute(db);
      // 0001's column constraint `unique` got PostgreSQL's default name.
      await sql`alter table polls drop constraint polls_poll_hash_key`.execute(db);
      await sql`alter table polls add constraint polls_client_poll_hash_unique unique (client_id, poll_hash)`.execute(db);
    },

    /** Back to one hash per poll across clients: fails if two clients now share a hash. */
    async down(db: AnyDb): Promise<void> {
      if (dialect === 'sqlite') {
        await rebuildSqlitePolls(db, 'global');
        return;
      }
      await sql`alter table polls drop constraint polls_client_poll_hash_unique`.execute(db);
      await sql`alter table polls add constraint polls_poll_hash_key unique (poll_hash)`.execute(db);
      await sql`alter table polls drop column link_key`.execute(db);
    },
  };
}
