import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, createTenant, type TestServer } from '../test/support';
import { toBool, toCount, touched } from './rows';
import { seedDemo } from '../demo/seed';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

it('writes booleans and reads them back the same on either dialect, with counts as numbers', async () => {
  expect(server.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  const { clientId } = await createTenant(server, { pollEnabled: true, socialAuth: false });
  const row = await server.db
    .selectFrom('clients')
    .select(['poll_enabled', 'social_auth_feature'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  expect([toBool(row.poll_enabled), toBool(row.social_auth_feature)]).toEqual([true, false]);
  const filtered = await server.db.selectFrom('clients').select('id').where('poll_enabled', '=', true).execute();
  expect(filtered.map((item) => item.id)).toEqual([clientId]);
  const count = await server.db
    .selectFrom('clients')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  expect(toCount(count.n)).toBe(1);
});

it('bumps the version on every update', async () => {
  const { clientId } = await createTenant(server);
  const now = server.clock.now().toISOString();
  const row = await server.db
    .insertInto('categories')
    .values({ client_id: clientId, name: 'x', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('categories')
    .set({ name: 'y', ...touched(server.clock) })
    .where('id', '=', row.id)
    .execute();
  const updated = await server.db.selectFrom('categories').select('version').where('id', '=', row.id).executeTakeFirstOrThrow();
  expect(updated.version).toBe(2);
});

it('seeds the demo client and admin once, only on an empty database', async () => {
  expect(await seedDemo(server.db, server.clock, { email: 'Admin@Demo.Quiz', password: 'demo-pass-2026' })).toBe(true);
  expect(await seedDemo(server.db, server.clock, { email: 'admin@demo.quiz', password: 'x' })).toBe(false);
  const client = await server.db.selectFrom('clients').selectAll().executeTakeFirstOrThrow();
  expect(client.name).toBe('Demo Quiz Co');
  expect([toBool(client.poll_enabled), toBool(client.social_auth_feature)]).toEqual([true, true]);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/login/',
    payload: { email: 'admin@demo.quiz', password: 'demo-pass-2026' },
  });
  expect(response.statusCode).toBe(200);
  const user = await server.db.selectFrom('users').select('username').executeTakeFirstOrThrow();
  expect(user.username).toBe('admin');
});
