import type { Kysely, Selectable } from 'kysely';
import * as client from 'openid-client';
import { cleanDisplayName } from '../../src/lib/display-name';
import { PLAY_MESSAGES } from '../../src/lib/contract/play';
import type { Clock } from '../clock';
import { toBool, toCount } from '../db/rows';
import type { ClientOidcTable, Database } from '../db/schema';
import { HttpError } from '../http/errors';
import type { QuizRow } from '../quizzes/quiz-read';
import type { PlayService } from './play-service';
import { providerFetch } from '../http/provider-fetch';

// SOCIAL_BASED joins (docs/decisions.md "Play"): the participant signs in at the client's OpenID Connect provider
// (client_oidc: issuer, client id and secret, the button's label) with openid-client 6: authorization code
// with PKCE, state and nonce kept in oidc_logins for 10 minutes; the callback makes (or finds) the viewer by
// the provider's email and names, seats the participant, and sends the phone to /play/{quiz_hash}#token=...

const LOGIN_TTL_MS = 10 * 60 * 1000;
export const OIDC_CALLBACK_PATH = '/api/v1/play/oidc/callback';
const NAME_UNSAFE = /[<>\p{Cc}]/gu;

type OidcRow = Selectable<ClientOidcTable>;

function cleanName(value: unknown): string {
  return typeof value === 'string' ? cleanDisplayName(value.replace(NAME_UNSAFE, '')).slice(0, 150).trim() : '';
}

export function oidcService(deps: { db: Kysely<Database>; clock: Clock; play: PlayService; allowPrivateNetwork: boolean }) {
  const { db, clock, play } = deps;
  const fetchFromProvider = providerFetch(deps.allowPrivateNetwork);
  // One discovered configuration per client, under the key of the row it was made from: when the admin saves
  // another issuer, client id or secret (Setting screen), the next sign-in finds a different key and replaces
  // the entry, so a changed provider is used at once and an old one is not kept.
  const configurations = new Map<number, { key: string; configuration: Promise<client.Configuration> }>();

  /** The provider's configuration by discovery, once per client and provider (a failed discovery is retried). */
  function configurationOf(row: OidcRow): Promise<client.Configuration> {
    const key = `${row.issuer}\n${row.oidc_client_id}\n${row.oidc_client_secret}`;
    const cached = configurations.get(row.client_id);
    if (cached?.key === key) return cached.configuration;
    const issuer = new URL(row.issuer);
    const configuration = client
      .discovery(issuer, row.oidc_client_id, row.oidc_client_secret || undefined, undefined, {
        // A provider on plain http is only for local tests and development (the admin's form allows it on loopback only).
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        // Discovery, token, userinfo and key requests all go through it (openid-client keeps it on the configuration).
        ...(fetchFromProvider ? { [client.customFetch]: fetchFromProvider } : {}),
      })
      .catch((error: unknown) => {
        // The admin's issuer does not answer as a provider (wrong address, down, private): the phone is told so.
        throw Object.assign(new HttpError(502, { detail: PLAY_MESSAGES.providerUnreachable }), { cause: error });
      });
    const entry = { key, configuration };
    configuration.catch(() => {
      if (configurations.get(row.client_id) === entry) configurations.delete(row.client_id);
    });
    configurations.set(row.client_id, entry);
    return configuration;
  }

  async function providerOf(quiz: QuizRow): Promise<OidcRow> {
    const owner = await db.selectFrom('clients').select('social_auth_feature').where('id', '=', quiz.client_id).executeTakeFirst();
    const row = await db.selectFrom('client_oidc').selectAll().where('client_id', '=', quiz.client_id).executeTakeFirst();
    if (quiz.auth_used === 'FORM_BASED' || !toBool(owner?.social_auth_feature) || !row) {
      throw new HttpError(403, { detail: PLAY_MESSAGES.socialNotOffered });
    }
    return row;
  }

  return {
    /** Checks the join code like the form does, then answers where the phone signs in. */
    async start(hash: string, joinCode: string, address: string, callbackUrl: string): Promise<{ authorization_url: string }> {
      const quiz = await play.checkJoin(hash, joinCode, address);
      const provider = await providerOf(quiz);
      const config = await configurationOf(provider);
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const now = clock.now().getTime();
      await db.deleteFrom('oidc_logins').where('expires_at', '<', now).execute();
      await db
        .insertInto('oidc_logins')
        .values({ state, quiz_id: quiz.id, code_verifier: verifier, nonce, expires_at: now + LOGIN_TTL_MS })
        .execute();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { authorization_url: url.href };
    },

    /**
     * The provider's redirect: where the phone goes next, `/play/{hash}#token=...`, or `#error=...` with the
     * message to show (never a 500: a refused or forged callback is the participant's problem to retry).
     */
    async callback(currentUrl: URL): Promise<string> {
      const state = currentUrl.searchParams.get('state') ?? '';
      const login = state ? await db.selectFrom('oidc_logins').selectAll().where('state', '=', state).executeTakeFirst() : undefined;
      if (!login) return `/play/#error=${encodeURIComponent(PLAY_MESSAGES.unknownQuiz)}`;
      await db.deleteFrom('oidc_logins').where('state', '=', state).execute();
      const quiz = await db.selectFrom('quizzes').selectAll().where('id', '=', login.quiz_id).executeTakeFirst();
      if (!quiz) return `/play/#error=${encodeURIComponent(PLAY_MESSAGES.unknownQuiz)}`;
      const back = (fragment: string) => `/play/${encodeURIComponent(quiz.quiz_hash)}#${fragment}`;
      if (toCount(login.expires_at) < clock.now().getTime()) return back(`error=${encodeURIComponent(SIGN_IN_FAILED)}`);
      try {
        const provider = await providerOf(quiz);
        const config = await configurationOf(provider);
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        // Providers conforming to OIDC put the profile and email in userinfo rather than the ID token.
        const claims =
          idClaims && typeof idClaims.email === 'string'
            ? idClaims
            : { ...idClaims, ...(await client.fetchUserInfo(config, tokens.access_token, idClaims?.sub ?? client.skipSubjectCheck)) };
        const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
        if (!email || !email.includes('@')) return back(`error=${encodeURIComponent(NO_EMAIL)}`);
        const fullName = cleanName(claims?.name);
        const first = cleanName(claims?.given_name) || fullName.split(' ')[0] || email.split('@')[0] || 'Player';
        const last = cleanName(claims?.family_name) || fullName.split(' ').slice(1).join(' ');
        const { token } = await play.joinAs(quiz, { join_code: quiz.join_code, first_name: first, last_name: last, email, mobile: '' });
        return back(`token=${encodeURIComponent(token)}`);
      } catch (error) {
        const message = error instanceof HttpError && typeof error.body.detail === 'string' ? error.body.detail : SIGN_IN_FAILED;
        return back(`error=${encodeURIComponent(message)}`);
      }
    },
  };
}

export const SIGN_IN_FAILED = 'Signing in did not work. Try again.';
export const NO_EMAIL = 'Your account did not share an email address, which this quiz needs.';
