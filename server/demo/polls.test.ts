import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { localUploadStore } from '../http/uploads';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { seedDemoPolls } from './polls';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

it('seeds three polls with voted choices, the first with a QR image the API serves', async () => {
  const tenant = await signedInTenant(server, { pollEnabled: true });
  const uploads = localUploadStore(path.join(server.config.dataDir, 'uploads'));
  await seedDemoPolls({ db: server.db, clock: server.clock, clientId: tenant.clientId, userId: tenant.userId, uploads });
  const polls = (await server.app.inject({ url: '/api/v1/poll-list/', headers: tenant.headers })).json();
  expect(polls.count).toBe(3);
  for (const poll of polls.results as { options: { votes: number }[] }[]) {
    expect(poll.options.length).toBeGreaterThanOrEqual(3);
    expect(poll.options.some((choice) => choice.votes > 0)).toBe(true);
  }
  const withQr = (polls.results as { qr_image_url: string | null }[]).filter((poll) => poll.qr_image_url);
  expect(withQr).toHaveLength(1);
  expect((await server.app.inject({ url: new URL(withQr[0]?.qr_image_url ?? '').pathname })).statusCode).toBe(200);
});
