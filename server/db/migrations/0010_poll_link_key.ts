import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect';

// Issue 21 §14: no response may tell one client whether another client's poll exists. The poll hash is
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
  const hash = hashUnique === 'global' ? sql`"poll_hash" text not null unique` : sql`"poll_hash" text not null`;
  const linkKey = hashUnique === 'global' ? sql`` : sql`, "link_key" text not null unique`;
  const perClient =
    hashUnique === 'global' ? sql`` : sql`, constraint "polls_client_poll_hash_unique" unique ("client_id", "poll_hash")`;
  const columns = sql.raw(
    '"id", "client_id", "created_at", "updated_at", "version", "name", "join_code", "poll_hash", "qr_image", "show_options", "show_total_votes", "active"',
  );
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`create table "polls_rebuilt" ("id" integer primary key autoincrement, "client_id" integer not null references "clients" ("id") on delete cascade, "created_at" text not null, "updated_at" text not null, "version" integer default 1 not null, "name" text not null, "join_code" text not null, ${hash}, "qr_image" text, "show_options" boolean default false not null, "show_total_votes" boolean default false not null, "active" boolean default true not null${linkKey}${perClient})`.execute(
      db,
    );
    // Placeholder keys (unique by id) for the copy; backfillLinkKeys() replaces them with random ones.
    if (hashUnique === 'global') await sql`insert into "polls_rebuilt" (${columns}) select ${columns} from "polls"`.execute(db);
    else await sql`insert into "polls_rebuilt" (${columns}, "link_key") select ${columns}, 'rebuilt-' || "id" from "polls"`.execute(db);
    await sql`drop table "polls"`.execute(db);
    await sql`alter table "polls_rebuilt" rename to "polls"`.execute(db);
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
