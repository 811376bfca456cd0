import { afterEach, describe, expect, it } from 'vitest';
import { created } from '../db/rows';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { mediaUrl } from './uploads';

// Behind a reverse proxy: X-Forwarded-For/-Proto/-Host are believed only from a trusted proxy
// (TRUST_PROXY), so the login limits count the real client's address and absolute URLs get the address users
// typed; PUBLIC_URL fixes absolute URLs whatever the headers say. Without either, a Host the server does not
// know as its own never reaches an absolute URL: PORTAL_URL's origin stands in. app.inject's peer
// is 127.0.0.1.

let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function start(env: Record<string, string>): Promise<{ authorization: string }> {
  server = await createTestServer({ env: { LOGIN_RATE_LIMIT: '2', LOGIN_ADDRESS_RATE_LIMIT: '2', ALLOWED_ORIGINS: '', ...env } });
  await server.app.register(async (app) => {
    app.get('/probe/media-url', async (request) => ({ url: mediaUrl(request, 'a.png') }));
  });
  const tenant = await signedInTenant(server);
  await server.db
    .insertInto('categories')
    .values(['One', 'Two'].map((name) => ({ name, ...created(server.clock, tenant.clientId) })))
    .execute();
  return tenant.headers;
}

const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'quiz.example', 'x-forwarded-for': '203.0.113.7' };

async function nextPage(headers: Record<string, string>): Promise<string> {
  const response = await server.app.inject({ url: '/api/v1/category/?page_size=1', headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { next: string }).next;
}

async function failLogin(address: string, email: string): Promise<number> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/login/',
    headers: { 'x-forwarded-for': address },
    payload: { email, password: 'wrong password' },
  });
  return response.statusCode;
}

describe('without TRUST_PROXY', () => {
  it('ignores forwarded headers and a Host that is not its own, and every client behind the same peer shares its login limit', async () => {
    const headers = await start({});
    expect(await nextPage({ ...headers, ...forwarded, host: 'evil.example' })).toBe(
      'http://127.0.0.1:3000/api/v1/category/?page_size=1&page=2',
    );
    expect((await server.app.inject({ url: '/probe/media-url', headers: { ...forwarded, host: 'internal:3000' } })).json()).toEqual({
      url: 'http://127.0.0.1:3000/media/a.png',
    });
    // Its own names are kept as asked.
    expect(await nextPage({ ...headers, host: 'localhost:3000' })).toBe('http://localhost:3000/api/v1/category/?page_size=1&page=2');
    expect(await failLogin('198.51.100.1', 'a@example.test')).toBe(400);
    expect(await failLogin('198.51.100.1', 'b@example.test')).toBe(400);
    expect(await failLogin('198.51.100.2', 'c@example.test')).toBe(429);
  });
});

describe('with TRUST_PROXY', () => {
  it('takes protocol and host from a trusted proxy for absolute URLs, and limits logins per real client address', async () => {
    const headers = await start({ TRUST_PROXY: '1' });
    expect(await nextPage({ ...headers, ...forwarded, host: 'internal:3000' })).toBe(
      'https://quiz.example/api/v1/category/?page_size=1&page=2',
    );
    expect(await failLogin('198.51.100.1', 'a@example.test')).toBe(400);
    expect(await failLogin('198.51.100.1', 'b@example.test')).toBe(400);
    expect(await failLogin('198.51.100.1', 'c@example.test')).toBe(429);
    expect(await failLogin('198.51.100.2', 'd@example.test')).toBe(400);
  });

  it('believes only the proxies it lists', async () => {
    const headers = await start({ TRUST_PROXY: '10.0.0.1, 10.0.0.2', PORTAL_URL: 'https://portal.example' });
    expect(await nextPage({ ...headers, ...forwarded, host: 'internal:3000' })).toBe(
      'https://portal.example/api/v1/category/?page_size=1&page=2',
    );
  });
});

describe('a hostile Host header', () => {
  it('never reaches pages, image URLs, the OpenID redirect or reset mails', async () => {
    const headers = await start({ PORTAL_URL: 'https://portal.example' });
    const hostile = { host: 'attacker.example' };
    expect(await nextPage({ ...headers, ...hostile })).toBe('https://portal.example/api/v1/category/?page_size=1&page=2');
    const media = await server.app.inject({ url: '/probe/media-url', headers: hostile });
    expect(media.json()).toEqual({ url: 'https://portal.example/media/a.png' });
    const user = await server.app.inject({ url: '/api/v1/accounts/user/', headers: { ...headers, ...hostile } });
    expect(user.statusCode).toBe(200);
    expect(user.body).not.toContain('attacker');
    const email = (await server.db.selectFrom('users').select('email').executeTakeFirstOrThrow()).email;
    await server.app.inject({ method: 'POST', url: '/api/rest-auth/password/reset/', headers: hostile, payload: { email } });
    await server.app.inject({
      method: 'POST',
      url: '/api/rest-auth/password/reset/',
      headers: hostile,
      payload: { email, site_url: 'http://attacker.example/' },
    });
    await server.app.background.idle();
    expect(server.mailer.sent).toHaveLength(2);
    for (const mail of server.mailer.sent) {
      expect(mail.text).toContain('https://portal.example/password/reset/');
      expect(mail.text).not.toContain('attacker');
    }
  });
});

describe('with PUBLIC_URL', () => {
  it('starts every absolute URL with it, whatever the request says', async () => {
    const headers = await start({ PUBLIC_URL: 'https://quiz.example.org/', TRUST_PROXY: '1' });
    expect(await nextPage({ ...headers, ...forwarded, host: 'internal:3000' })).toBe(
      'https://quiz.example.org/api/v1/category/?page_size=1&page=2',
    );
    expect((await server.app.inject({ url: '/probe/media-url', headers: { host: 'internal:3000' } })).json()).toEqual({
      url: 'https://quiz.example.org/media/a.png',
    });
  });
});
