import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import { nowIso } from '../db/rows';
import { signInAt, startOidcProvider, type TestOidcProvider } from '../test/oidc-provider';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { createPlayQuiz, stateOf, type SignedIn } from './play-test-support';

// SOCIAL_BASED joins against a real OpenID provider (oidc-provider 9) on 127.0.0.1: the phone asks for the
// provider's address (join code checked first), signs in there (its development login and consent pages,
// driven here with a cookie jar), comes back to the callback, and lands on /play/{hash}#token=... with a
// participant token of a viewer made from the provider's claims.

const PUBLIC_URL = 'http://127.0.0.1:4999';
const CALLBACK = `${PUBLIC_URL}/api/v1/play/oidc/callback`;

let provider: TestOidcProvider;
let issuer: string;
let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [CALLBACK] });
  issuer = provider.issuer;
  server = await createTestServer({ env: { PUBLIC_URL, OIDC_ALLOW_PRIVATE_NETWORK: '1' } });
  admin = await signedInTenant(server, { socialAuth: true });
  await server.db
    .insertInto('client_oidc')
    .values({
      client_id: admin.clientId,
      issuer,
      oidc_client_id: provider.clientId,
      oidc_client_secret: provider.clientSecret,
      label: 'Sign in with IdP',
      created_at: nowIso(server.clock),
    })
    .execute();
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

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

    const back = await signInAt(authorizationUrl, 'ida', CALLBACK);
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

describe('a provider on this server’s own network', () => {
  it('is not called unless the operator allows it: the phone hears the provider did not answer (502, never a 500)', async () => {
    const guarded = await createTestServer({ env: { PUBLIC_URL } });
    try {
      const tenant = await signedInTenant(guarded, { socialAuth: true });
      await guarded.db
        .insertInto('client_oidc')
        .values({
          client_id: tenant.clientId,
          issuer,
          oidc_client_id: provider.clientId,
          oidc_client_secret: provider.clientSecret,
          label: 'Sign in with IdP',
          created_at: nowIso(guarded.clock),
        })
        .execute();
      const quiz = await createPlayQuiz(guarded, tenant, { auth_used: 'SOCIAL_BASED' });
      const discoveriesBefore = provider.discoveries();
      const start = await guarded.app.inject({
        method: 'POST',
        url: `/api/v1/play/quizzes/${quiz.hash}/social`,
        payload: { join_code: '1234' },
      });
      expect(start.statusCode).toBe(502);
      expect((start.json() as { detail: string }).detail).toBe(PLAY_MESSAGES.providerUnreachable);
      expect(provider.discoveries()).toBe(discoveriesBefore);
    } finally {
      await guarded.close();
    }
  });
});
