import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { tokenOwnersOf } from './token-cache';
import { hashSecret } from './secrets';
import { HttpError, invalidToken, notAuthenticated } from './errors';

export interface AuthUser {
  id: number;
  clientId: number;
  email: string;
  username: string;
  /** The hash of the token this request came with (logout revokes it). */
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook; read it with userOf(request). */
    user: AuthUser | null;
  }
}

/** The user a token belongs to, and when it was last used: run on every request, so compiled once (prepared.ts). */
const tokenOwner = prepared((db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['users.id', 'users.client_id', 'users.email', 'users.username', 'auth_tokens.last_used_at'])
    .where('auth_tokens.token_hash', '=', tokenHash),
);

/** last_used_at is refreshed at most this often, to keep reads from writing on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/** The signed-in user of a request that passed the authenticate hook. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

export interface AuthDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'tokenIdleTtlMs'>;
}

/**
 * Reads `Authorization: Token <key>` and sets request.user, or answers 401 as DRF does. A token unused for
 * longer than TOKEN_IDLE_DAYS is expired: deleted, and answered as an invalid one (the portal then asks to
 * sign in again, keeping its queued changes).
 */
export function authenticate(deps: AuthDeps) {
  // Owners of tokens read in the last TOKEN_CACHE_MS, shared by every route of the process (token-cache.ts).
  const owners = tokenOwnersOf(deps.db);
  return async function authenticateHook(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw notAuthenticated();
    const [scheme, key, ...rest] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'token') throw notAuthenticated();
    if (!key || rest.length > 0)
      throw new HttpError(401, { detail: 'Invalid token header. Credentials string should not contain spaces.' });
    const tokenHash = hashSecret(key);
    let row = owners.get(tokenHash);
    if (!row) {
      const readAt = owners.started();
      [row] = await tokenOwner(deps.db, tokenHash);
      if (!row) throw invalidToken();
      owners.keep(tokenHash, row, readAt);
    }
    const now = deps.clock.now();
    if (now.getTime() - new Date(row.last_used_at).getTime() > deps.config.tokenIdleTtlMs) {
      await deps.db.deleteFrom('auth_tokens').where('token_hash', '=', tokenHash).execute();
      owners.revokeUser(row.id);
      throw invalidToken();
    }
    if (now.getTime() - new Date(row.last_used_at).getTime() > TOUCH_INTERVAL_MS) {
      await deps.db.updateTable('auth_tokens').set({ last_used_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
      // The kept row follows, or every request would write until it is read again.
      row.last_used_at = now.toISOString();
    }
    request.user = { id: row.id, clientId: row.client_id, email: row.email, username: row.username, tokenHash };
  };
}
