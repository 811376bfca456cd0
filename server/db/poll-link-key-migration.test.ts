import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connect';
import type { DialectName } from './dialect';
import { migrateToLatest, migrateUpTo } from './migrate';
import { isUniqueViolation } from './rows';
import type { Database } from './schema';

// Migration 0010 on a database that already has polls: every poll gets its own random link key
// (and a new updated_at, so portals' mirrors pull it), nothing hanging off a poll is lost (SQLite rebuilds the
// table), and a poll hash is unique per client only. Runs on SQLite, or on PostgreSQL with TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;
const dialect: DialectName = pgUrl ? 'postgres' : 'sqlite';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<{ handle: DatabaseHandle; schema?: string }> {
  if (!pgUrl) {
    const handle = openDatabase({ databaseUrl: null, sqlitePath: ':memory:' });
    cleanups.push(() => handle.close());
    return { handle };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  cleanups.push(async () => {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  const handle = openDatabase({ databaseUrl: pgUrl, sqlitePath: ':memory:', pgSchema: schema, poolMax: 2 });
  cleanups.push(() => handle.close());
  return { handle, schema };
}

const BEFORE = '2026-01-01T00:00:00.000Z';
const stamps = { created_at: BEFORE, updated_at: BEFORE };

/** Rows as 0009 knows them (no link_key): written with plain SQL values, the schema type already has the column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the database is at 0009, behind today's Database type
async function seedAt0009(db: Kysely<any>) {
  const client = async (name: string) =>
    (
      await db
        .insertInto('clients')
        .values({ name, poll_enabled: true, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const one = await client('One');
  const two = await client('Two');
  const poll = async (clientId: number, hash: string) =>
    (
      await db
        .insertInto('polls')
        .values({ client_id: clientId, name: hash, join_code: '12', poll_hash: hash, ...stamps })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const first = await poll(one, 'first');
  const second = await poll(two, 'second');
  const deleted = await poll(two, 'deleted');
  await db.deleteFrom('polls').where('id', '=', deleted).execute();
  const choice = (
    await db
      .insertInto('poll_choices')
      .values({ client_id: one, poll_id: first, name: 'Yes', votes: 1, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id as number;
  const voter = (
    await db
      .insertInto('poll_voters')
      .values({ token_hash: 'voter', client_id: one, poll_id: first, created_at: BEFORE })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id as number;
  await db.insertInto('poll_votes').values({ poll_id: first, voter_id: voter, choice_id: choice, created_at: BEFORE }).execute();
  return { one, two, first, second, deleted };
}

async function refusedAsDuplicate(insert: Promise<unknown>): Promise<boolean> {
  try {
    await insert;
    return false;
  } catch (error) {
    return isUniqueViolation(error);
  }
}

it(`gives existing polls random link keys and makes the poll hash unique per client (${dialect})`, async () => {
  const { handle, schema } = await emptyDatabase();
  const db: Kysely<Database> = handle.db;
  await migrateUpTo(db, dialect, '0009_viewers_email_idx', schema);
  const seeded = await seedAt0009(db);
  await migrateToLatest(db, dialect, schema);

  const polls = await db
    .selectFrom('polls')
    .select(['id', 'client_id', 'poll_hash', 'link_key', 'updated_at', 'version'])
    .orderBy('id')
    .execute();
  expect(polls.map((poll) => [poll.id, poll.client_id, poll.poll_hash])).toEqual([
    [seeded.first, seeded.one, 'first'],
    [seeded.second, seeded.two, 'second'],
  ]);
  for (const poll of polls) {
    expect(poll.link_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(poll.updated_at > BEFORE).toBe(true);
    expect(Number(poll.version)).toBe(1);
  }
  expect(new Set(polls.map((poll) => poll.link_key)).size).toBe(2);
  // Choices, voters and votes survived (SQLite: no cascade from the rebuild) and still cascade on delete.
  expect(await db.selectFrom('poll_votes').select('id').where('poll_id', '=', seeded.first).execute()).toHaveLength(1);
  expect(await db.selectFrom('poll_choices').select('id').where('poll_id', '=', seeded.first).execute()).toHaveLength(1);

  const insert = (clientId: number, hash: string, linkKey: string) =>
    db
      .insertInto('polls')
      .values({ client_id: clientId, name: hash, join_code: '1', poll_hash: hash, link_key: linkKey, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
  const added = await insert(seeded.two, 'first', 'another-key');
  // A deleted poll's id is never given again (mirrors keep deleted ids).
  expect(added.id).toBeGreaterThan(seeded.deleted);
  expect(await refusedAsDuplicate(insert(seeded.one, 'first', 'a-third-key'))).toBe(true);
  expect(await refusedAsDuplicate(insert(seeded.one, 'new-hash', 'another-key'))).toBe(true);

  await db.deleteFrom('polls').where('id', '=', seeded.first).execute();
  expect(await db.selectFrom('poll_choices').select('id').execute()).toHaveLength(0);
  expect(await db.selectFrom('poll_votes').select('id').execute()).toHaveLength(0);
});
