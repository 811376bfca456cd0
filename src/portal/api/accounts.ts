import type { Options } from 'ky';
import type { z } from 'zod';
import type * as AccountsContract from '../../lib/contract/accounts';
import type { CurrentUser, LoginPayload, LoginResponse, ResetConfirmPayload } from '../../lib/contract/accounts';
import { nextTask } from '../../lib/next-task';

// One typed function per Auth call of the API.

// The HTTP client (ky with it) loads with the first request rather than with /login's first bundle, which draws
// The sign-in form without it (about 5 kB gzip); its chunk is small (vite.config.ts, 'http').
const client = () => import('./client');

async function requestJson<T>(path: string, options?: Options): Promise<T> {
  return (await client()).requestJson<T>(path, options);
}

// The schemas (and zod with them) load beside the request, not with /login's first bundle: zod is a fifth
// of that bundle's size and is needed only once an answer has arrived (tests/bench/bundle.bench.ts).
async function decoded<S extends z.ZodType>(
  pick: (contract: typeof AccountsContract) => S,
  what: string,
  answer: Promise<unknown>,
): Promise<z.output<S>> {
  const [contract, { decodeAnswer }, body] = await Promise.all([import('../../lib/contract/accounts'), client(), answer]);
  // Decoded in a task of its own: the schemas' chunk (zod with it) is often evaluated in the task that settles the
  // wait above, and its evaluation, the schemas' first build and the decoding together made one long task of a
  // signed-in start.
  await nextTask();
  return decodeAnswer(pick(contract), body, what);
}

export function login(credentials: LoginPayload): Promise<LoginResponse> {
  const path = 'api/v1/accounts/login/';
  return decoded((schemas) => schemas.loginResponse, `POST ${path}`, requestJson<unknown>(path, { method: 'post', json: credentials }));
}

export function currentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const path = 'api/v1/accounts/user/';
  return decoded((schemas) => schemas.currentUser, `GET ${path}`, requestJson<unknown>(path, { signal }));
}

/** Invalidates the token on the server; the caller passes it because the session may already have dropped it. */
export function logout(token: string): Promise<void> {
  return requestJson<void>('api/v1/accounts/logout/', {
    method: 'post',
    headers: { Authorization: `Token ${token}` },
  });
}

/** The server builds the reset link from site_url, so the mail points back at this portal. */
export function requestPasswordReset(email: string): Promise<void> {
  return requestJson<void>('api/rest-auth/password/reset/', {
    method: 'post',
    json: { email, site_url: window.location.origin },
  });
}

export function confirmPasswordReset(payload: ResetConfirmPayload): Promise<void> {
  return requestJson<void>('password/reset/', { method: 'post', json: payload });
}
