import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, createTenant, type TestServer } from '../test/support';
import { created } from './rows';

// question_counts follows every write to questions (migrations/0006_question_counts.ts), and its version every
// change to what the list shows (0011_question_bank_version.ts), on either dialect.

let server: TestServer;

beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

async function kept(clientId: number): Promise<number | undefined> {
  const row = await server.db.selectFrom('question_counts').select('count').where('client_id', '=', clientId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.count);
}

async function addQuestions(clientId: number, categoryId: number, how: number): Promise<number[]> {
  const rows = Array.from({ length: how }, (_, i) => ({
    description: `Q${i}`,
    options: 'A: a, B: b',
    correct_option: 'A',
    category_id: categoryId,
    ...created(server.clock, clientId),
  }));
  return (await server.db.insertInto('questions').values(rows).returning('id').execute()).map((row) => row.id);
}

it('keeps each client’s number of questions through inserts, deletes, moves and a deleted client', async () => {
  const one = await createTenant(server);
  const two = await createTenant(server);
  const category = async (clientId: number) =>
    (
      await server.db
        .insertInto('categories')
        .values({ name: 'Kept', ...created(server.clock, clientId) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [oneCategory, twoCategory] = [await category(one.clientId), await category(two.clientId)];
  expect(await kept(one.clientId)).toBeUndefined();

  const ids = await addQuestions(one.clientId, oneCategory, 5);
  await addQuestions(two.clientId, twoCategory, 2);
  expect([await kept(one.clientId), await kept(two.clientId)]).toEqual([5, 2]);

  await server.db.deleteFrom('questions').where('id', 'in', ids.slice(0, 2)).execute();
  expect(await kept(one.clientId)).toBe(3);
  // A rolled-back insert leaves the number as it was.
  await expect(
    server.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('questions')
        .values({
          description: 'Gone',
          options: 'A: a, B: b',
          correct_option: 'A',
          category_id: oneCategory,
          ...created(server.clock, one.clientId),
        })
        .execute();
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await kept(one.clientId)).toBe(3);

  await server.db
    .updateTable('questions')
    .set({ client_id: two.clientId, category_id: twoCategory })
    .where('id', '=', ids[2] ?? 0)
    .execute();
  expect([await kept(one.clientId), await kept(two.clientId)]).toEqual([2, 3]);

  // Deleting the category cascades to its questions.
  await server.db.deleteFrom('categories').where('id', '=', oneCategory).execute();
  expect(await kept(one.clientId)).toBe(0);
  await server.db.deleteFrom('clients').where('id', '=', two.clientId).execute();
  expect(await kept(two.clientId)).toBeUndefined();
});

it('matches count(*) for every client after many writes', async () => {
  const tenants = [await createTenant(server), await createTenant(server)];
  for (const [index, tenant] of tenants.entries()) {
    const categoryId = (
      await server.db
        .insertInto('categories')
        .values({ name: `C${index}`, ...created(server.clock, tenant.clientId) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const ids = await addQuestions(tenant.clientId, categoryId, 30 + index);
    await server.db
      .deleteFrom('questions')
      .where(
        'id',
        'in',
        ids.filter((_, i) => i % 3 === 0),
      )
      .execute();
  }
  const counted = await sql<{
    client_id: number;
    count: number;
  }>`select client_id, count(*) as count from questions group by client_id order by client_id`.execute(server.db);
  const keptRows = await server.db
    .selectFrom('question_counts')
    .select(['client_id', 'count'])
    .where('count', '>', 0)
    .orderBy('client_id')
    .execute();
  expect(keptRows.map((row) => [Number(row.client_id), Number(row.count)])).toEqual(
    counted.rows.map((row) => [Number(row.client_id), Number(row.count)]),
  );
});

it('moves the bank version of the client whose questions or category names change, and of no other', async () => {
  const one = await createTenant(server);
  const two = await createTenant(server);
  const category = async (clientId: number, name: string) =>
    (
      await server.db
        .insertInto('categories')
        .values({ name, ...created(server.clock, clientId) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [oneCategory, twoCategory] = [await category(one.clientId, 'Mine'), await category(two.clientId, 'Theirs')];
  const versions = async () => {
    const rows = await server.db.selectFrom('question_counts').select(['client_id', 'version']).execute();
    const of = (clientId: number) => Number(rows.find((row) => Number(row.client_id) === clientId)?.version);
    return [of(one.clientId), of(two.clientId)];
  };
  const [first] = await addQuestions(one.clientId, oneCategory, 2);
  await addQuestions(two.clientId, twoCategory, 1);
  let before = await versions();
  const moved = async (expected: [boolean, boolean]) => {
    const after = await versions();
    expect(after.map((version, index) => version !== before[index])).toEqual(expected);
    before = after;
  };

  await server.db
    .updateTable('questions')
    .set({ hint: 'changed' })
    .where('id', '=', first ?? 0)
    .execute();
  await moved([true, false]);
  await server.db.updateTable('categories').set({ name: 'Mine, renamed' }).where('id', '=', oneCategory).execute();
  await moved([true, false]);
  // A category written with the same name changes nothing on the pages.
  await server.db.updateTable('categories').set({ name: 'Mine, renamed' }).where('id', '=', oneCategory).execute();
  await moved([false, false]);
  await addQuestions(two.clientId, twoCategory, 1);
  await moved([false, true]);
  await server.db
    .updateTable('questions')
    .set({ client_id: two.clientId, category_id: twoCategory })
    .where('id', '=', first ?? 0)
    .execute();
  await moved([true, true]);
  await server.db.deleteFrom('questions').where('client_id', '=', one.clientId).execute();
  await moved([true, false]);
});
