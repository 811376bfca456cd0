import { afterEach, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';

// /api/health says the process runs; /api/ready says whether the parts it needs answer now.

let server: TestServer;
afterEach(async () => {
  await server.close();
});

it('answers /api/health, and /api/ready when the database, the storage and the live channel answer', async () => {
  server = await createTestServer({ liveReachable: async () => {} });
  expect((await server.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
  const ready = await server.app.inject({ url: '/api/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', live: 'ok' } });
});

it('answers 503 naming the live channel when it cannot be reached', async () => {
  server = await createTestServer({
    liveReachable: () => Promise.reject(new Error('not connected')),
  });
  const ready = await server.app.inject({ url: '/api/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({
    status: 'unavailable',
    detail: 'Not ready: live failed.',
    failed: ['live'],
    checks: { database: 'ok', storage: 'ok', live: 'failed' },
  });
});

it('answers 503 naming the storage when no file can be written there', async () => {
  // An S3 endpoint where nothing listens.
  server = await createTestServer({
    env: { S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: '1' },
  });
  const ready = await server.app.inject({ url: '/api/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ failed: ['storage'], checks: { database: 'ok', storage: 'failed' } });
});

it('answers 503 naming the database when it does not answer', async () => {
  server = await createTestServer();
  await server.db.destroy();
  const ready = await server.app.inject({ url: '/api/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toMatchObject({ failed: ['database'], checks: { database: 'failed', storage: 'ok' } });
});
