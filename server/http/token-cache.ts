import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TtlMap } from './ttl-map';

// Every signed-in request looks its token up (http/auth.ts): hashing it and a query joining auth_tokens and
// users, about 8 % of the questions list's CPU once its pages were kept. Within one process a
// token's owner is kept for TOKEN_CACHE_MS after it was read. Revoking a user's tokens on this process
// (logout, password change or reset, an idle token expired) forgets them here at once, and a lookup that was
// under way meanwhile is not kept. Another instance reads the database again at most TOKEN_CACHE_MS later:
// that is how long a token revoked elsewhere may still be accepted there (docs/deploy.md, "Scaling notes").

/** How long a token's owner is answered from memory: the bound for a revocation made on another instance. */
export const TOKEN_CACHE_MS = 2000;

/** Tokens kept at most: the oldest go first. */
const MAX_TOKENS = 10_000;

/** What a request needs of its token's row (http/auth.ts). */
export interface TokenOwner {
  id: number;
  client_id: number;
  email: string;
  username: string;
  last_used_at: string;
}

export class TokenOwnerCache {
  private readonly owners: TtlMap<string, { owner: TokenOwner; readAt: number }>;
  /** When each user's tokens were last revoked here: a lookup begun before then must not be kept. */
  private readonly revokedAt = new Map<number, number>();

  /**
   * `now`: a monotonic clock in ms (the process's, not the app's Clock: a test's ManualClock stands still,
   * and this bound is about real time between instances).
   */
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly ttlMs = TOKEN_CACHE_MS,
    maxTokens = MAX_TOKENS,
  ) {
    // The map forgets an owner just after ttlMs; get() answers it up to ttlMs after it was read, no longer.
    this.owners = new TtlMap(ttlMs + 1, maxTokens, now);
  }

  /** When a lookup begins: hand it to keep() with what it read. */
  started(): number {
    return this.now();
  }

  /** The owner of a token hash read less than ttlMs ago, if any. */
  get(tokenHash: string): TokenOwner | undefined {
    const entry = this.owners.get(tokenHash);
    return entry && this.now() - entry.readAt <= this.ttlMs ? entry.owner : undefined;
  }

  /** Keeps what a lookup begun at `readAt` (started()) read, unless the user's tokens were revoked since. */
  keep(tokenHash: string, owner: TokenOwner, readAt: number): void {
    // A lookup slower than ttlMs (a busy pool) is not kept: revocation marks are forgotten after ttlMs.
    if (this.now() - readAt > this.ttlMs) return;
    const revoked = this.revokedAt.get(owner.id);
    if (revoked !== undefined && readAt <= revoked) return;
    this.owners.set(tokenHash, { owner, readAt }, readAt);
  }

  /** After a user's tokens were revoked in the database: none of them is answered from memory any more. */
  revokeUser(userId: number): void {
    const now = this.now();
    this.revokedAt.set(userId, now);
    this.owners.deleteWhereValue((entry) => entry.owner.id === userId);
    // keep() refuses lookups begun more than ttlMs ago, so older marks can go.
    for (const [id, at] of this.revokedAt) if (now - at > this.ttlMs) this.revokedAt.delete(id);
  }
}

/** One cache per database, shared by every app and route of the process that uses it. */
const caches = new WeakMap<Kysely<Database>, TokenOwnerCache>();

export function tokenOwnersOf(db: Kysely<Database>): TokenOwnerCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TokenOwnerCache();
    caches.set(db, cache);
  }
  return cache;
}
