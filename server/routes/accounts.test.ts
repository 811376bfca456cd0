import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentUser } from '../../src/lib/contract/accounts';
import { createTenant, createTestServer, login, signedInTenant, type TestServer } from '../test/support';
import { resetLinkOrigin } from '../accounts/account-service';
import { TOKEN_CACHE_MS } from '../http/token-cache';

let server: TestServer;

beforeEach(async () => {
  server = await createTestServer({
    env: {
      LOGIN_RATE_LIMIT: '3',
      LOGIN_ADDRESS_RATE_LIMIT: '6',
      PORTAL_URL: 'https://portal.example',
      ALLOWED_ORIGINS: 'https://other.example',
    },
  });
});
afterEach(async () => {
  await server.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('POST /api/v1/accounts/login/', () => {
  it('answers a token key for the right credentials, whatever the email case', async () => {
    const tenant = await createTenant(server);
    const response = await post('/api/v1/accounts/login/', { email: tenant.email.toUpperCase(), password: tenant.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().key).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers non_field_errors for a wrong password or an unknown email', async () => {
    const tenant = await createTenant(server);
    for (const payload of [
      { email: tenant.email, password: 'wrong' },
      { email: 'nobody@example.test', password: 'x' },
    ]) {
      const response = await post('/api/v1/accounts/login/', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
  });

  it('answers field errors, never a 500, for missing or wrong-typed fields', async () => {
    expect((await post('/api/v1/accounts/login/', {})).json()).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
    const typed = await post('/api/v1/accounts/login/', { email: 12, password: null });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ email: ['Not a valid string.'], password: ['This field may not be null.'] });
    const notObject = await post('/api/v1/accounts/login/', ['a']);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
    const blank = await post('/api/v1/accounts/login/', { email: 'not-an-email', password: '' });
    expect(blank.json()).toEqual({ email: ['Enter a valid email address.'], password: ['This field may not be blank.'] });
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^JSON parse error/);
  });

  it('throttles failed logins per email from one address, then lets them through after the window', async () => {
    const tenant = await createTenant(server);
    for (let i = 0; i < 3; i += 1)
      expect((await post('/api/v1/accounts/login/', { email: tenant.email, password: 'wrong' })).statusCode).toBe(400);
    const blocked = await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Too many failed login attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    server.clock.advance(server.config.loginRateWindowMs);
    expect((await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password })).statusCode).toBe(200);
  });

  it('throttles failed logins per address across emails', async () => {
    for (let i = 0; i < 6; i += 1)
      expect((await post('/api/v1/accounts/login/', { email: `guess${i}@example.test`, password: 'x' })).statusCode).toBe(400);
    const tenant = await createTenant(server);
    expect((await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password })).statusCode).toBe(429);
    const elsewhere = await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password }, {}, '198.51.100.9');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('locks nobody out: failed logins against one email from other addresses do not stop its owner', async () => {
    const tenant = await createTenant(server);
    const attacker = (i: number) => `203.0.113.${(i % 5) + 1}`;
    const answers: number[] = [];
    for (let i = 0; i < 25; i += 1)
      answers.push((await post('/api/v1/accounts/login/', { email: tenant.email, password: `guess-${i}` }, {}, attacker(i))).statusCode);
    // Each attacking address gets its 3 tries for this email, then 429: the flood is slowed.
    expect(answers.filter((status) => status === 400)).toHaveLength(15);
    expect(answers.filter((status) => status === 429)).toHaveLength(10);
    const owner = await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password }, {}, '192.0.2.10');
    expect(owner.statusCode).toBe(200);
    // The owner's own typos count for the owner's address only, and a correct password clears them.
    for (let i = 0; i < 2; i += 1) await post('/api/v1/accounts/login/', { email: tenant.email, password: 'typo' }, {}, '192.0.2.10');
    expect((await post('/api/v1/accounts/login/', tenant, {}, '192.0.2.10')).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) await post('/api/v1/accounts/login/', { email: tenant.email, password: 'typo' }, {}, '192.0.2.10');
    expect((await post('/api/v1/accounts/login/', tenant, {}, '192.0.2.10')).statusCode).toBe(200);
  });

  it('counts in the database, so a second server instance on it sees the same limits', async () => {
    const tenant = await createTenant(server);
    for (let i = 0; i < 3; i += 1) await post('/api/v1/accounts/login/', { email: tenant.email, password: 'wrong' }, {}, '203.0.113.50');
    const counted = await server.db.selectFrom('rate_limits').select(['key', 'points']).where('key', 'like', 'login-pair:%').execute();
    expect(counted).toEqual([{ key: expect.stringContaining('203.0.113.50|'), points: 3 }]);
    expect(counted[0]?.key).not.toContain(tenant.email);
  });

  it('forgets expired counters, so a spray of emails does not grow the table for ever', async () => {
    for (let i = 0; i < 5; i += 1)
      await post('/api/v1/accounts/login/', { email: `spray${i}@example.test`, password: 'x' }, {}, `203.0.113.${i}`);
    expect((await server.db.selectFrom('rate_limits').select('key').execute()).length).toBe(10);
    server.clock.advance(server.config.loginRateWindowMs + 1);
    await post('/api/v1/accounts/login/', { email: 'late@example.test', password: 'x' }, {}, '198.51.100.1');
    expect((await server.db.selectFrom('rate_limits').select('key').execute()).length).toBe(2);
  });

  it('does not count successful logins', async () => {
    const tenant = await createTenant(server);
    for (let i = 0; i < 5; i += 1) await login(server, tenant.email, tenant.password);
  });
});

describe('GET /api/v1/accounts/user/', () => {
  it('answers the current user with its client details', async () => {
    const tenant = await signedInTenant(server, { pollEnabled: true, socialAuth: false, name: 'Acme' });
    await server.db.updateTable('clients').set({ business_logo: 'abc.png' }).where('id', '=', tenant.clientId).execute();
    const response = await server.app.inject({ url: '/api/v1/accounts/user/', headers: { ...tenant.headers, host: 'api.example:8080' } });
    expect(response.statusCode).toBe(200);
    const user = currentUser.parse(response.json());
    expect(user).toMatchObject({
      id: tenant.userId,
      email: tenant.email,
      client: tenant.clientId,
      client_details: {
        id: tenant.clientId,
        name: 'Acme',
        poll_enabled: true,
        social_auth_feature: false,
        business_logo_url: 'https://portal.example/media/abc.png', // Host api.example:8080 is not one of its origins
      },
    });
  });

  it('answers business_logo_url null without a logo', async () => {
    const tenant = await signedInTenant(server);
    const response = await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers });
    expect(response.json().client_details.business_logo_url).toBeNull();
  });

  it('answers 401 without a token or with a wrong one', async () => {
    const missing = await server.app.inject({ url: '/api/v1/accounts/user/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const wrong = await server.app.inject({ url: '/api/v1/accounts/user/', headers: { authorization: 'Token 0123456789abcdef' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid token.' });
  });
});

describe('POST /api/v1/accounts/logout/', () => {
  it('revokes the token it was called with, and only that one', async () => {
    const tenant = await signedInTenant(server);
    const other = await login(server, tenant.email, tenant.password);
    expect((await post('/api/v1/accounts/logout/', {}, tenant.headers)).statusCode).toBe(200);
    const after = await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers });
    expect(after.statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/v1/accounts/user/', headers: { authorization: `Token ${other}` } })).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await post('/api/v1/accounts/logout/', {})).statusCode).toBe(401);
  });

  it('ends a token revoked by another instance within TOKEN_CACHE_MS', async () => {
    const tenant = await signedInTenant(server);
    const status = async () => (await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers })).statusCode;
    expect(await status()).toBe(200);
    // Another instance's logout: the row goes, and this instance is not told.
    await server.db.deleteFrom('auth_tokens').execute();
    const revoked = performance.now();
    while ((await status()) === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(performance.now() - revoked).toBeLessThanOrEqual(TOKEN_CACHE_MS + 500);
  });
});

describe('password reset', () => {
  const tokenIn = (text: string) => /\/password\/reset\/([0-9a-f]+)/.exec(text)?.[1] ?? '';

  async function requestReset(email: string, siteUrl?: string) {
    return post('/api/rest-auth/password/reset/', { email, ...(siteUrl ? { site_url: siteUrl } : {}) });
  }

  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const tenant = await createTenant(server);
    const known = await requestReset(tenant.email);
    const unknown = await requestReset('nobody@example.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: 'Password reset e-mail has been sent.' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headersOf = (response: typeof known) => {
      const { date: _date, ...rest } = response.headers;
      return rest;
    };
    expect(headersOf(unknown)).toEqual(headersOf(known));
    await server.app.background.idle();
    expect(server.mailer.sent).toHaveLength(1);
    expect(server.mailer.sent[0]?.to).toBe(tenant.email);
  });

  it('answers before looking the email up or mailing: no timing difference comes from the account existing', async () => {
    const tenant = await createTenant(server);
    const release = server.mailer.hold();
    // The mail server does not answer: the request for a known email is answered anyway, and nothing of the
    // account's work (lookup, reset token, mail) happened on the request path.
    const known = await requestReset(tenant.email);
    expect(known.statusCode).toBe(200);
    expect(server.mailer.sent).toHaveLength(0);
    release();
    await server.app.background.idle();
    expect(server.mailer.sent.map((mail) => mail.to)).toEqual([tenant.email]);
  });

  it('limits reset requests per email and address, and per address, without stopping other addresses', async () => {
    const tenant = await createTenant(server);
    for (let i = 0; i < 5; i += 1) expect((await requestReset(tenant.email)).statusCode).toBe(200);
    const refused = await requestReset(tenant.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many password reset requests\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same limit answers for an email with no account: a 429 tells nothing about accounts either.
    for (let i = 0; i < 5; i += 1) await requestReset('nobody@example.test');
    expect((await requestReset('nobody@example.test')).statusCode).toBe(429);
    const owner = await post('/api/rest-auth/password/reset/', { email: tenant.email }, {}, '192.0.2.10');
    expect(owner.statusCode).toBe(200);
    for (let i = 0; i < 20; i += 1) await post('/api/rest-auth/password/reset/', { email: `x${i}@example.test` }, {}, '203.0.113.9');
    expect((await post('/api/rest-auth/password/reset/', { email: 'y@example.test' }, {}, '203.0.113.9')).statusCode).toBe(429);
    await server.app.background.idle();
    expect(server.mailer.sent).toHaveLength(6);
  });

  it('answers field errors for a missing or malformed email', async () => {
    expect((await post('/api/rest-auth/password/reset/', {})).json()).toEqual({ email: ['This field is required.'] });
    expect((await requestReset('nope')).statusCode).toBe(400);
  });

  it('links to site_url only when its origin is allowed', async () => {
    const tenant = await createTenant(server);
    await requestReset(tenant.email, 'https://other.example/some/page');
    await server.app.background.idle();
    expect(server.mailer.last()?.text).toContain('https://other.example/password/reset/');
    await requestReset(tenant.email, 'https://evil.example/');
    await server.app.background.idle();
    expect(server.mailer.last()?.text).toContain('https://portal.example/password/reset/');
    expect(server.mailer.last()?.text).not.toContain('evil');
    expect(resetLinkOrigin('not a url', { allowedOrigins: [], portalUrl: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000');
  });

  it('sets the new password once, signs out every session, and the link cannot be reused', async () => {
    const tenant = await signedInTenant(server);
    // In use just before, so the server has it at hand (token-cache.ts): the reset still ends it at once.
    expect((await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers })).statusCode).toBe(200);
    await requestReset(tenant.email);
    await server.app.background.idle();
    const token = tokenIn(server.mailer.last()?.text ?? '');
    const payload = { new_password: 'a-new-password', new_password1: 'a-new-password', token };
    const done = await post('/password/reset/', payload);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Password has been reset with the new password.' });
    expect((await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers })).statusCode).toBe(401);
    expect((await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password })).statusCode).toBe(400);
    await login(server, tenant.email, 'a-new-password');
    const again = await post('/password/reset/', { ...payload, new_password: 'another-one1', new_password1: 'another-one1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Invalid or expired token.'] });
  });

  it('refuses a link older than one hour', async () => {
    const tenant = await createTenant(server);
    await requestReset(tenant.email);
    await server.app.background.idle();
    const token = tokenIn(server.mailer.last()?.text ?? '');
    server.clock.advance(60 * 60 * 1000 + 1);
    const response = await post('/password/reset/', { new_password: 'a-new-password', new_password1: 'a-new-password', token });
    expect(response.json()).toEqual({ token: ['Invalid or expired token.'] });
  });

  it('answers field errors for mismatched, short or missing fields', async () => {
    const mismatch = await post('/password/reset/', { new_password: 'a-new-password', new_password1: 'different-one', token: 'x' });
    expect(mismatch.json()).toEqual({ new_password1: ['Password does not Match'] });
    const short = await post('/password/reset/', { new_password: 'short', new_password1: 'short', token: 'x' });
    expect(short.json()).toEqual({ new_password: ['Ensure this field has at least 8 characters.'] });
    const missing = await post('/password/reset/', {});
    expect(Object.keys(missing.json()).sort()).toEqual(['new_password', 'new_password1', 'token']);
    expect(
      (await post('/password/reset/', { new_password: 'a-new-password', new_password1: 'a-new-password', token: 'bogus' })).json(),
    ).toEqual({
      token: ['Invalid or expired token.'],
    });
  });
});

describe('password strength', () => {
  it('refuses a weak new password on reset, saying why, and keeps the link usable', async () => {
    const tenant = await createTenant(server);
    await post('/api/rest-auth/password/reset/', { email: tenant.email });
    await server.app.background.idle();
    const token = /\/password\/reset\/([0-9a-f]+)/.exec(server.mailer.last()?.text ?? '')?.[1] ?? '';
    const weak = await post('/password/reset/', { new_password: 'password123', new_password1: 'password123', token });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      new_password: [expect.stringMatching(/^This password is too easy to guess\. This is a commonly used password\./)],
    });
    const aboutEmail = tenant.email.split('@')[0] ?? '';
    const personal = await post('/password/reset/', { new_password: `${aboutEmail}1`, new_password1: `${aboutEmail}1`, token });
    expect(personal.statusCode).toBe(400);
    expect(
      (await post('/password/reset/', { new_password: 'violet-lantern-orbit', new_password1: 'violet-lantern-orbit', token })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/rest-auth/password/change/', () => {
  const change = (headers: Record<string, string>, payload: object) => post('/api/rest-auth/password/change/', payload, headers);

  it("checks the old password and the new one's strength, then signs out every other session", async () => {
    const tenant = await signedInTenant(server);
    const other = await login(server, tenant.email, tenant.password);
    const wrongOld = await change(tenant.headers, {
      old_password: 'nope',
      new_password1: 'violet-lantern-orbit',
      new_password2: 'violet-lantern-orbit',
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json()).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
    const weak = await change(tenant.headers, { old_password: tenant.password, new_password1: 'qwertyuiop', new_password2: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().new_password1[0]).toMatch(/^This password is too easy to guess\./);
    const mismatch = await change(tenant.headers, {
      old_password: tenant.password,
      new_password1: 'violet-lantern-orbit',
      new_password2: 'x',
    });
    expect(mismatch.json()).toEqual({ new_password2: ['Password does not Match'] });
    expect((await server.app.inject({ url: '/api/v1/accounts/user/', headers: { authorization: `Token ${other}` } })).statusCode).toBe(200);

    const done = await change(tenant.headers, {
      old_password: tenant.password,
      new_password1: 'violet-lantern-orbit',
      new_password2: 'violet-lantern-orbit',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'New password has been saved.' });
    expect((await server.app.inject({ url: '/api/v1/accounts/user/', headers: { authorization: `Token ${other}` } })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers })).statusCode).toBe(200);
    expect((await post('/api/v1/accounts/login/', { email: tenant.email, password: tenant.password })).statusCode).toBe(400);
    await login(server, tenant.email, 'violet-lantern-orbit');
  });

  it('answers 401 without a token', async () => {
    expect(
      (await change({}, { old_password: 'a', new_password1: 'violet-lantern-orbit', new_password2: 'violet-lantern-orbit' })).statusCode,
    ).toBe(401);
  });
});

describe('token idle expiry', () => {
  const me = (headers: Record<string, string>) => server.app.inject({ url: '/api/v1/accounts/user/', headers });

  it('keeps a token in use alive, and answers 401 for one idle longer than TOKEN_IDLE_DAYS (30 by default)', async () => {
    expect(server.config.tokenIdleTtlMs).toBe(30 * 24 * 60 * 60 * 1000);
    const tenant = await signedInTenant(server);
    const idle = await login(server, tenant.email, tenant.password);
    for (let day = 0; day < 3; day += 1) {
      server.clock.advance(20 * 24 * 60 * 60 * 1000);
      expect((await me(tenant.headers)).statusCode).toBe(200);
    }
    const expired = await me({ authorization: `Token ${idle}` });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Invalid token.' });
    // Protected resource routes answer the same.
    expect((await server.app.inject({ url: '/api/v1/category/', headers: { authorization: `Token ${idle}` } })).statusCode).toBe(401);
  });

  it('reads TOKEN_IDLE_DAYS', async () => {
    const short = await createTestServer({ env: { TOKEN_IDLE_DAYS: '1' } });
    try {
      const tenant = await signedInTenant(short);
      short.clock.advance(24 * 60 * 60 * 1000 + 1);
      expect((await short.app.inject({ url: '/api/v1/accounts/user/', headers: tenant.headers })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('server basics', () => {
  it('answers health, JSON 404s, and no test hooks unless enabled', async () => {
    expect((await server.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const missing = await server.app.inject({ url: '/api/v1/nothing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    expect((await post('/api/__test__/clients', { name: 'x', email: 'x@example.test', password: 'p' })).statusCode).toBe(404);
  });

  it('answers 413 with a clear message for an oversized JSON body, and 415 for an unknown content type', async () => {
    const big = await post('/api/v1/accounts/login/', { email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The request is too large: the limit is 64 KB.' });
    const odd = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload: 'x',
      headers: { 'content-type': 'application/xml' },
    });
    expect(odd.statusCode).toBe(415);
  });
});
