import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { tooManyJoinCodesMessage } from '../../src/lib/contract/play';
import type { Clock } from '../clock';
import { prepared } from '../db/prepared';
import { toCount } from '../db/rows';
import type { Database } from '../db/schema';
import { HttpError } from './errors';

// Wrong join codes (docs/decisions.md "Play": 4 digits must not be guessable by trying), counted by
// rate-limiter-flexible in the database's rate_limits table, so every server instance sees the same
// counters. Its own SQL stores want the raw driver (a pg Pool, a better-sqlite3 handle); this store speaks
// Kysely instead, so one code path serves SQLite and PostgreSQL, and it reads the server's injectable clock.

// The store base class is in the package's types but not exported by its index.
const StoreBase = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
) as typeof RateLimiterStoreAbstract;

interface StoredPoints {
  points: number;
  expire: number | null;
}

/** A key's points while its window lasts (every join reads two: compiled once, db/prepared.ts). */
const livePoints = prepared((db: Kysely<Database>, key: string, now: number) =>
  db
    .selectFrom('rate_limits')
    .select(['points', 'expire'])
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expire', '>', now), eb('expire', 'is', null)])),
);

/** rate-limiter-flexible's store over Kysely (rate_limits table); the login and reset limits use it too. */
export class RateLimiterKysely extends StoreBase {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    options: { points: number; duration: number; keyPrefix: string },
  ) {
    super({ ...options, storeClient: db });
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  /** Adds points, restarting the window when it expired (or always when forceExpire), atomically. */
  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<StoredPoints> {
    const now = this.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, points, expire })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          const restart = forceExpire ? eb.lit(true) : eb('rate_limits.expire', '<=', now);
          return {
            points: eb
              .case()
              .when(restart)
              .then(points)
              .else(eb('rate_limits.points', '+', points))
              .end(),
            expire: eb.case().when(restart).then(expire).else(eb.ref('rate_limits.expire')).end(),
          };
        }),
      )
      .returning(['points', 'expire'])
      .executeTakeFirstOrThrow();
    return { points: toCount(row.points), expire: row.expire === null ? null : toCount(row.expire) };
  }

  async _get(key: string): Promise<StoredPoints | null> {
    const [row] = await livePoints(this.db, key, this.now());
    return row ? { points: toCount(row.points), expire: row.expire === null ? null : toCount(row.expire) } : null;
  }

  async _delete(key: string): Promise<boolean> {
    const result = await this.db.deleteFrom('rate_limits').where('key', '=', key).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, stored: StoredPoints): RateLimiterRes {
    const isFirstInDuration = changedPoints === stored.points;
    const consumed = isFirstInDuration ? changedPoints : stored.points;
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      stored.expire === null ? -1 : Math.max(stored.expire - this.now(), 0),
      consumed,
      isFirstInDuration,
    );
  }
}

export interface JoinLimits {
  perTarget: { points: number; duration: number };
  perAddress: { points: number; duration: number };
}

/** Wrong codes allowed per join target (a quiz or a poll) and per address, in the window (seconds). */
export const JOIN_CODE_LIMITS: JoinLimits = {
  perTarget: { points: 200, duration: 10 * 60 },
  perAddress: { points: 30, duration: 10 * 60 },
};

export interface JoinThrottle {
  /** 429 with the wait while this target or address has used up its wrong codes. */
  check(target: string, address: string): Promise<void>;
  /** Counts one wrong code against both. */
  wrongCode(target: string, address: string): Promise<void>;
}

function tooMany(msBeforeNext: number): HttpError {
  const seconds = Math.max(Math.ceil(msBeforeNext / 1000), 1);
  return new HttpError(429, { detail: tooManyJoinCodesMessage(seconds) }, { 'Retry-After': String(seconds) });
}

export function joinThrottle(db: Kysely<Database>, clock: Clock, limits: JoinLimits = JOIN_CODE_LIMITS): JoinThrottle {
  const perTarget = new RateLimiterKysely(db, clock, { ...limits.perTarget, keyPrefix: 'join-target' });
  const perAddress = new RateLimiterKysely(db, clock, { ...limits.perAddress, keyPrefix: 'join-address' });
  return {
    async check(target, address) {
      const [byTarget, byAddress] = await Promise.all([perTarget.get(target), perAddress.get(address)]);
      for (const [res, limiter] of [
        [byTarget, perTarget],
        [byAddress, perAddress],
      ] as const) {
        if (res && res.consumedPoints >= limiter.points) throw tooMany(res.msBeforeNext);
      }
    },
    async wrongCode(target, address) {
      // penalty, not consume: it never rejects; check() refuses the next try.
      await Promise.all([perTarget.penalty(target), perAddress.penalty(address)]);
    },
  };
}
