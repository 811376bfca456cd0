import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, createTenant, type TestServer } from '../test/support';
import { prepared } from './prepared';
import { created } from './rows';

// A prepared query (prepared.ts) is compiled once per database and runs with each call's own values, in the
// places Kysely's own compilation puts them, on either dialect.

let server: TestServer;

beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

const namesPage = prepared((db: TestServer['db'], clientId: number, limit: number, offset: number) =>
  db
    .selectFrom('categories')
    .select('name')
    .where('client_id', '=', clientId)
    .where('name', '<>', 'Hidden')
    .orderBy('id')
    .limit(limit)
    .offset(offset),
);

it('runs with each call’s values, keeping the constants the query was built with', async () => {
  const one = await createTenant(server);
  const two = await createTenant(server);
  await server.db
    .insertInto('categories')
    .values(
      ['A', 'Hidden', 'B', 'C']
        .map((name) => ({ name, ...created(server.clock, one.clientId) }))
        .concat([{ name: 'Z', ...created(server.clock, two.clientId) }]),
    )
    .execute();
  expect(await namesPage(server.db, one.clientId, 2, 0)).toEqual([{ name: 'A' }, { name: 'B' }]);
  expect(await namesPage(server.db, one.clientId, 2, 1)).toEqual([{ name: 'B' }, { name: 'C' }]);
  expect(await namesPage(server.db, two.clientId, 10, 0)).toEqual([{ name: 'Z' }]);
});

it('refuses a query that does not bind one of its arguments', async () => {
  const unbound = prepared((db: TestServer['db'], clientId: number, _unused: string) =>
    db.selectFrom('categories').select('name').where('client_id', '=', clientId).where('name', '=', 'x'),
  );
  await expect(unbound(server.db, 1, 'y')).rejects.toThrow(/does not bind its argument\(s\) 1/);
});

it('compiles once per database, its transactions included, which see their own writes', async () => {
  const one = await createTenant(server);
  let builds = 0;
  const named = prepared((db: TestServer['db'], clientId: number) => {
    builds += 1;
    return db.selectFrom('categories').select('name').where('client_id', '=', clientId).orderBy('id');
  });
  expect(await named(server.db, one.clientId)).toEqual([]);
  const inside = await server.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('categories')
      .values({ name: 'Inside', ...created(server.clock, one.clientId) })
      .execute();
    return named(trx, one.clientId);
  });
  expect(inside).toEqual([{ name: 'Inside' }]);
  expect(builds).toBe(1);
});
