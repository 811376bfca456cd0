import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUER_URL_MESSAGE, PRIVATE_ISSUER_MESSAGE, SOCIAL_AUTH_DISABLED_MESSAGE } from '../../src/lib/contract/client-oidc';
import { NULL_CHARACTER_MESSAGE } from '../http/errors';
import { createPlayQuiz, joined } from '../play/play-test-support';
import { signInAt, startOidcProvider, type TestOidcProvider } from '../test/oidc-provider';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

// The client's OpenID Connect provider, set by its admin: GET, PUT and DELETE /api/v1/client-oidc/.
// Always the caller's own client, never the secret in an answer, refused while the operator has social sign-in off,
// and a saved change is what the next participant's sign-in uses (play/oidc.ts's discovery cache included).

const PUBLIC_URL = 'http://127.0.0.1:4998';
const CALLBACK = `${PUBLIC_URL}/api/v1/play/oidc/callback`;
const URL_PATH = '/api/v1/client-oidc/';

let server: TestServer;
let providers: TestOidcProvider[];

beforeAll(async () => {
  providers = [
    await startOidcProvider({ redirectUris: [CALLBACK], clientId: 'first-portal', clientSecret: 'first-secret' }),
    await startOidcProvider({ redirectUris: [CALLBACK], clientId: 'second-portal', clientSecret: 'second-secret' }),
  ];
  server = await createTestServer({ env: { PUBLIC_URL, OIDC_ALLOW_PRIVATE_NETWORK: '1' } });
});
afterAll(async () => {
  await server.close();
  for (const provider of providers) await provider.close();
});

type Headers = Record<string, string>;
const get = (headers: Headers, query = '') => server.app.inject({ url: `${URL_PATH}${query}`, headers });
const put = (headers: Headers, payload: Record<string, unknown>, query = '') =>
  server.app.inject({ method: 'PUT', url: `${URL_PATH}${query}`, payload, headers });
const remove = (headers: Headers, query = '') => server.app.inject({ method: 'DELETE', url: `${URL_PATH}${query}`, headers });
const stored = (clientId: number) => server.db.selectFrom('client_oidc').selectAll().where('client_id', '=', clientId).executeTakeFirst();

const google = {
  issuer: 'https://accounts.google.com',
  oidc_client_id: 'abc.apps.googleusercontent.com',
  oidc_client_secret: 's3cret-value',
  label: 'Sign in with Google',
};

describe('client-oidc/', () => {
  it('answers nothing configured at first, then the saved provider without its secret', async () => {
    const admin = await signedInTenant(server, { socialAuth: true });
    expect((await get(admin.headers)).json()).toEqual({
      configured: false,
      redirect_uri: CALLBACK,
      issuer: '',
      oidc_client_id: '',
      label: '',
      has_secret: false,
    });

    const saved = await put(admin.headers, { ...google, issuer: '  https://accounts.google.com  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = {
      configured: true,
      redirect_uri: CALLBACK,
      issuer: google.issuer,
      oidc_client_id: google.oidc_client_id,
      label: google.label,
      has_secret: true,
    };
    expect(saved.json()).toEqual(answer);
    const read = await get(admin.headers);
    expect(read.json()).toEqual(answer);
    for (const response of [saved, read]) expect(response.body).not.toContain(google.oidc_client_secret);
    expect(await stored(admin.clientId)).toMatchObject({ issuer: google.issuer, oidc_client_secret: google.oidc_client_secret });
  });

  it('keeps the stored secret when the update leaves it out or blank, and replaces it when given', async () => {
    const admin = await signedInTenant(server, { socialAuth: true });
    const first = await put(admin.headers, { ...google, oidc_client_secret: undefined });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ oidc_client_secret: ['This field is required.'] });
    expect(await stored(admin.clientId)).toBeUndefined();

    expect((await put(admin.headers, google)).statusCode).toBe(200);
    const withoutSecret = await put(admin.headers, { ...google, oidc_client_secret: undefined, label: 'Google' });
    expect(withoutSecret.json()).toMatchObject({ label: 'Google', has_secret: true });
    expect((await put(admin.headers, { ...google, oidc_client_secret: '  ' })).statusCode).toBe(200);
    expect((await stored(admin.clientId))?.oidc_client_secret).toBe(google.oidc_client_secret);
    expect((await put(admin.headers, { ...google, oidc_client_secret: 'rotated' })).statusCode).toBe(200);
    expect((await stored(admin.clientId))?.oidc_client_secret).toBe('rotated');
  });

  it('refuses each field it cannot use with a 400 naming it, and stores nothing', async () => {
    const admin = await signedInTenant(server, { socialAuth: true });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { issuer: ['This field is required.'], oidc_client_id: ['This field is required.'], label: ['This field is required.'] }],
      [{ ...google, issuer: 'http://accounts.example.com' }, { issuer: [ISSUER_URL_MESSAGE] }],
      [{ ...google, issuer: 'ftp://127.0.0.1' }, { issuer: [ISSUER_URL_MESSAGE] }],
      [{ ...google, issuer: 'accounts.google.com' }, { issuer: [ISSUER_URL_MESSAGE] }],
      [{ ...google, issuer: 'https://accounts.google.com/?tenant=x' }, { issuer: [ISSUER_URL_MESSAGE] }],
      [{ ...google, issuer: 'https://user:pw@accounts.google.com' }, { issuer: [ISSUER_URL_MESSAGE] }],
      [{ ...google, issuer: `https://e.test/${'x'.repeat(2000)}` }, { issuer: ['Ensure this field has no more than 2000 characters.'] }],
      [{ ...google, issuer: '' }, { issuer: ['This field may not be blank.'] }],
      [{ ...google, oidc_client_id: ' ' }, { oidc_client_id: ['This field may not be blank.'] }],
      [{ ...google, oidc_client_id: 'x'.repeat(256) }, { oidc_client_id: ['Ensure this field has no more than 255 characters.'] }],
      [{ ...google, oidc_client_secret: 'x'.repeat(256) }, { oidc_client_secret: ['Ensure this field has no more than 255 characters.'] }],
      [{ ...google, label: '' }, { label: ['This field may not be blank.'] }],
      [{ ...google, label: 'x'.repeat(256) }, { label: ['Ensure this field has no more than 255 characters.'] }],
      [{ ...google, label: 'a\u0000b' }, { label: [NULL_CHARACTER_MESSAGE] }],
      [{ ...google, oidc_client_id: 7 }, { oidc_client_id: ['Not a valid string.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await put(admin.headers, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await stored(admin.clientId)).toBeUndefined();
    // Plain http only for a provider on this machine (development and tests).
    for (const issuer of ['http://127.0.0.1:8080', 'http://localhost:9000/realms/dev', 'https://login.example.com/tenant/v2.0']) {
      expect((await put(admin.headers, { ...google, issuer })).statusCode, issuer).toBe(200);
    }
  });

  it('refuses an issuer on this server’s own network unless the operator allows it (OIDC_ALLOW_PRIVATE_NETWORK)', async () => {
    const guarded = await createTestServer({ env: { PUBLIC_URL } });
    try {
      const admin = await signedInTenant(guarded, { socialAuth: true });
      for (const issuer of [
        'http://127.0.0.1:8080',
        'http://localhost:9000/realms/dev',
        'https://169.254.169.254',
        'https://10.0.0.5/realms/x',
        'https://[::1]',
      ]) {
        const response = await guarded.app.inject({ method: 'PUT', url: URL_PATH, payload: { ...google, issuer }, headers: admin.headers });
        expect(response.statusCode, issuer).toBe(400);
        expect(response.json(), issuer).toEqual({ issuer: [PRIVATE_ISSUER_MESSAGE] });
      }
      const stays = await guarded.db.selectFrom('client_oidc').selectAll().where('client_id', '=', admin.clientId).executeTakeFirst();
      expect(stays).toBeUndefined();
      const publicIssuer = await guarded.app.inject({ method: 'PUT', url: URL_PATH, payload: google, headers: admin.headers });
      expect(publicIssuer.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('refuses a write with 403 while the client has social sign-in off; reading and removing still answer', async () => {
    const admin = await signedInTenant(server, { socialAuth: false });
    const refused = await put(admin.headers, google);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SOCIAL_AUTH_DISABLED_MESSAGE });
    expect(await stored(admin.clientId)).toBeUndefined();
    expect((await get(admin.headers)).json()).toMatchObject({ configured: false });
    expect((await remove(admin.headers)).statusCode).toBe(204);
  });

  it('is the caller’s own client only: another client’s admin neither reads nor changes it, whatever ?client= says', async () => {
    const a = await signedInTenant(server, { socialAuth: true });
    const b = await signedInTenant(server, { socialAuth: true });
    expect((await put(a.headers, { ...google, label: 'alpha button' })).statusCode).toBe(200);
    const before = await stored(a.clientId);

    const read = await get(b.headers, `?client=${a.clientId}`);
    expect(read.json()).toMatchObject({ configured: false });
    expect(read.body).not.toContain('alpha');
    expect((await put(b.headers, { ...google, label: 'beta button' }, `?client=${a.clientId}`)).statusCode).toBe(200);
    expect((await remove(b.headers, `?client=${a.clientId}`)).statusCode).toBe(204);
    expect(await stored(a.clientId)).toEqual(before);
    expect(await stored(b.clientId)).toBeUndefined();
  });

  it('opens to admins only: no token, a bad one or a participant’s answer 401 and change nothing', async () => {
    const admin = await signedInTenant(server, { socialAuth: true });
    const quiz = await createPlayQuiz(server, admin);
    const player = await joined(server, quiz.hash);
    for (const headers of [{}, player.headers, { authorization: `Token ${'0'.repeat(40)}` }]) {
      for (const response of [await get(headers), await put(headers, google), await remove(headers)]) {
        expect(response.statusCode).toBe(401);
      }
    }
    expect(await stored(admin.clientId)).toBeUndefined();
  });

  it('is what the next sign-in uses: a new provider at once (no stale discovery), and none once removed', async () => {
    const admin = await signedInTenant(server, { socialAuth: true });
    const quiz = await createPlayQuiz(server, admin, { auth_used: 'SOCIAL_BASED' });
    const publicQuiz = async () =>
      (await server.app.inject({ url: `/api/v1/play/quizzes/${quiz.hash}/` })).json() as { join_with: unknown };
    const start = () =>
      server.app.inject({ method: 'POST', url: `/api/v1/play/quizzes/${quiz.hash}/social`, payload: { join_code: '1234' } });
    expect((await publicQuiz()).join_with).toEqual({ form: false, social: false, social_label: null });

    for (const [index, provider] of providers.entries()) {
      const saved = await put(admin.headers, {
        issuer: provider.issuer,
        oidc_client_id: provider.clientId,
        oidc_client_secret: provider.clientSecret,
        label: `Provider ${index}`,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await publicQuiz()).join_with).toEqual({ form: false, social: true, social_label: `Provider ${index}` });
      const started = await start();
      expect(started.statusCode, started.body).toBe(200);
      const { authorization_url: authorizationUrl } = started.json() as { authorization_url: string };
      expect(new URL(authorizationUrl).origin).toBe(provider.issuer);
      expect(new URL(authorizationUrl).searchParams.get('client_id')).toBe(provider.clientId);
      // The whole sign-in, so the token request authenticates with this provider's secret.
      const back = await signInAt(authorizationUrl, `player${index}`, CALLBACK);
      const callback = await server.app.inject({ url: `${back.pathname}${back.search}` });
      expect(String(callback.headers.location)).toMatch(new RegExp(`^/play/${quiz.hash}#token=`));
    }

    expect((await remove(admin.headers)).statusCode).toBe(204);
    expect((await get(admin.headers)).json()).toMatchObject({ configured: false, has_secret: false });
    expect((await publicQuiz()).join_with).toEqual({ form: false, social: false, social_label: null });
    expect((await start()).statusCode).toBe(403);
  });
});
