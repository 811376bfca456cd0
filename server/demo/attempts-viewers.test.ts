import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { localUploadStore } from '../http/uploads';
import { insertQuiz } from '../routes/attempts.fixtures';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { DEMO_ATTEMPT_COUNT, DEMO_VIEWER_APP_URL, seedDemoClientSettings, seedDemoViewersAndAttempts } from './attempts-viewers';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

it('seeds 25 viewers and 60 attempts spread over the quizzes, with a formula name the CSV neutralises', async () => {
  const tenant = await signedInTenant(server);
  const quizzes = [
    await insertQuiz(server.db, server.clock, tenant.clientId, 'One'),
    await insertQuiz(server.db, server.clock, tenant.clientId, 'Two'),
  ];
  await seedDemoViewersAndAttempts({ db: server.db, clock: server.clock, clientId: tenant.clientId, userId: tenant.userId });
  const viewers = (await server.app.inject({ url: '/api/v1/profiles/viewer/', headers: tenant.headers })).json();
  expect(viewers.count).toBe(25);
  const attempts = (await server.app.inject({ url: '/api/v1/attempts/', headers: tenant.headers })).json();
  expect(attempts.count).toBe(DEMO_ATTEMPT_COUNT);
  for (const quiz of quizzes) {
    expect((await server.app.inject({ url: `/api/v1/attempts/?quiz=${quiz}`, headers: tenant.headers })).json().count).toBe(
      DEMO_ATTEMPT_COUNT / 2,
    );
  }
  const csv = (await server.app.inject({ url: '/api/v1/export-quiz-participants/', headers: tenant.headers })).body;
  // The demo is shown to new hosts: no name that looks like a spreadsheet formula (hostile names are tested in
  // server/routes/attempts.test.ts and src/lib/attempts-csv.test.ts).
  expect(csv).not.toMatch(/HYPERLINK|(^|\r\n)"?'/);
});

it('seeds viewers but no attempts when there are no quizzes', async () => {
  const tenant = await signedInTenant(server);
  await seedDemoViewersAndAttempts({ db: server.db, clock: server.clock, clientId: tenant.clientId, userId: tenant.userId });
  expect((await server.app.inject({ url: '/api/v1/profiles/viewer/', headers: tenant.headers })).json().count).toBe(25);
  expect((await server.app.inject({ url: '/api/v1/attempts/', headers: tenant.headers })).json().count).toBe(0);
});

it('sets the business settings and a logo the current user sees', async () => {
  const tenant = await signedInTenant(server);
  const uploads = localUploadStore(path.join(server.config.dataDir, 'uploads'));
  await seedDemoClientSettings({ db: server.db, clock: server.clock, clientId: tenant.clientId, userId: tenant.userId, uploads });
  const profile = (await server.app.inject({ url: '/api/v1/profiles/client/', headers: tenant.headers })).json().results[0];
  expect(profile).toMatchObject({ business_name: 'Demo Quiz Co', viewer_app_url: DEMO_VIEWER_APP_URL, recent_participant_time: 300 });
  expect(profile.description).not.toBe('');
  const user = (await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers })).json();
  expect(user.client_details.business_logo_url).toBe(profile.business_logo_url);
  expect((await server.app.inject({ url: new URL(profile.business_logo_url).pathname })).statusCode).toBe(200);
});
