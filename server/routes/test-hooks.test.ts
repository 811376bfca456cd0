import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../test/support';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer({ env: { E2E_TEST_HOOKS: '1' } });
});
afterEach(async () => {
  await server.close();
});

it('creates an isolated tenant whose admin can sign in, and refuses a taken email', async () => {
  const payload = { name: 'E2E Co', email: 'E2E@example.test', password: 'secret-pass', poll_enabled: true, social_auth_feature: false };
  const response = await server.app.inject({ method: 'POST', url: '/api/__test__/clients', payload });
  expect(response.statusCode).toBe(201);
  const { client_id: clientId } = response.json();
  const token = await login(server, 'e2e@example.test', 'secret-pass');
  const user = await server.app.inject({ url: '/api/v1/accounts/user/', headers: { authorization: `Token ${token}` } });
  expect(user.json().client_details).toMatchObject({ id: clientId, name: 'E2E Co', poll_enabled: true, social_auth_feature: false });
  const again = await server.app.inject({ method: 'POST', url: '/api/__test__/clients', payload });
  expect(again.statusCode).toBe(400);
  expect(again.json()).toEqual({ email: ['user with this email already exists.'] });
});
