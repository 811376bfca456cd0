import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import { nowIso } from '../db/rows';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { createPlayQuiz, stateOf, type SignedIn } from './play-test-support';

// SOCIAL_BASED joins against a real OpenID provider (oidc-provider 9) on 127.0.0.1: the phone asks for the
// provider's address (join code checked first), signs in there (its development login and consent pages,
// driven here with a cookie jar), comes back to the callback, and lands on /play/{hash}#token=... with a
// participant token of a viewer made from the provider's claims.

const PUBLIC_URL = 'http://127.0.0.1:4999';
const CALLBACK = `${PUBLIC_URL}/api/v1/play/oidc/callback`;

let provider: Server;
let issuer: string;
let server: TestServer;
let admin: SignedIn;

/** A port free on 127.0.0.1 now (the provider's issuer must name its own address before it listens). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'quiz-portal',
        client_secret: 'test-secret',
        redirect_uris: [CALLBACK],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@idp.test`,
          email_verified: true,
          given_name: 'Ida',
          family_name: `Provider<${id}>`,
          name: 'Ida Provider',
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    pkce: { required: () => true },
  });
  provider = oidc.listen(port, '127.0.0.1');
  await new Promise((resolve) => provider.once('listening', resolve));
  server = await createTestServer({ env: { PUBLIC_URL } });
  admin = await signedInTenant(server, { socialAuth: true });
  await server.db
    .insertInto('client_oidc')
    .values({
      client_id: admin.clientId,
      issuer,
      oidc_client_id: 'quiz-portal',
      oidc_client_secret: 'test-secret',
      label: 'Sign in with IdP',
      created_at: nowIso(server.clock),
    })
    .execute();
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => provider.close(resolve));
});

/** The phone at the provider: follows redirects, signs in as `login`, consents, and returns the redirect to us. */
async function signInAt(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.href.startsWith(CALLBACK)) return url;
    const response = await fetch(url, { method: body ? 'POST' : 'GET', body, headers: { cookie: cookie() }, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    expect(response.status, page).toBe(200);
    // The development interaction pages: the login form, then the consent form.
    body = new URLSearchParams(page.includes('name="login"') ? { prompt: 'login', login, password: 'x' } : { prompt: 'consent' });
  }
  throw new Error('too many hops at the provider');
}

describe('joining by signing in (SOCIAL_BASED)', () => {
  it('checks the join code, signs in at the client’s provider, and seats a viewer from its claims', async () => {
    const quiz = await createPlayQuiz(server, admin, { auth_used: 'BOTH' });
    const pub = (await server.app.inject({ url: `/api/v1/play/quizzes/${quiz.hash}/` })).json() as { join_with: unknown };
    expect(pub.join_with).toEqual({ form: true, social: true, social_label: 'Sign in with IdP' });

    const wrong = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/quizzes/${quiz.hash}/social`,
      payload: { join_code: '0000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as { detail: string }).detail).toBe(PLAY_MESSAGES.wrongJoinCode);

    const start = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/quizzes/${quiz.hash}/social`,
      payload: { join_code: '1234' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { authorization_url: authorizationUrl } = start.json() as { authorization_url: string };
    expect(authorizationUrl.startsWith(issuer)).toBe(true);
    expect(new URL(authorizationUrl).searchParams.get('code_challenge_method')).toBe('S256');

    const back = await signInAt(authorizationUrl, 'ida');
    const callback = await server.app.inject({ url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    const location = String(callback.headers.location);
    expect(location).toMatch(new RegExp(`^/play/${quiz.hash}#token=[0-9a-f]{40}$`));
    const token = location.split('#token=')[1] as string;
    const state = await stateOf(server, { authorization: `Participant ${token}` });
    expect(state.statusCode).toBe(200);
    const viewer = await server.db.selectFrom('viewers').selectAll().where('email', '=', 'ida@idp.test').executeTakeFirstOrThrow();
    expect(viewer).toMatchObject({ first_name: 'Ida', last_name: 'Providerida', client_id: admin.clientId });

    // The same callback again (a replayed redirect) seats nobody.
    const replay = await server.app.inject({ url: `${back.pathname}${back.search}` });
    expect(replay.statusCode).toBe(302);
    expect(String(replay.headers.location)).toContain('#error=');
  });

  it('is refused where the quiz takes the form only, and a forged callback lands on an error, never a 500', async () => {
    const quiz = await createPlayQuiz(server, admin, { auth_used: 'FORM_BASED' });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/quizzes/${quiz.hash}/social`,
      payload: { join_code: '1234' },
    });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { detail: string }).detail).toBe(PLAY_MESSAGES.socialNotOffered);
    for (const query of ['', '?state=forged&code=x', `?state=${'s'.repeat(600)}`, '?error=access_denied']) {
      const response = await server.app.inject({ url: `/api/v1/play/oidc/callback${query}` });
      expect([302, 400], query).toContain(response.statusCode);
    }
  });
});
