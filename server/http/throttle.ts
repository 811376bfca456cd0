import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { isIPv6 } from 'node:net';
import { PLAY_MESSAGES, tooManyJoinCodesMessage, tooManyVotersMessage } from '../../src/lib/contract/play';
import type { Clock } from '../clock';
import { prepared } from '../db/prepared';
import { toCount } from '../db/rows';
import type { Database } from '../db/schema';
import { HttpError } from './errors';

// Wrong join codes (4 digits must not be guessable by trying, and nobody's wrong codes may lock a room out),
// counted by rate-limiter-flexible in the database's rate_limits table, so every server instance sees the same
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

/** The network an address stands for: an IPv4 address, or an IPv6 address's /64 (one household or venue). */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Wrong join codes, per join target (a quiz or a poll) and network; never across targets, so nothing done to one
 * quiz or poll touches another's joins. The arithmetic is in docs/security.md ("Join codes").
 */
export interface JoinLimits {
  /** Net wrong codes (wrong minus right) a network may send a target before it must wait. */
  freeMisses: number;
  /** The same while the target is under attack. */
  freeMissesUnderAttack: number;
  /**
   * Net wrong codes (wrong minus right) a target takes from all networks, in `attackWindowS`, before it counts
   * as under attack: a room's typos are outweighed by its right codes, a guesser's are not.
   */
  attackMisses: number;
  attackWindowS: number;
  /** How long a network's net wrong codes are remembered (from its first), in seconds. */
  missWindowS: number;
  /** The longest wait, in seconds (the wait doubles with each wrong code beyond the free ones). */
  maxWaitS: number;
  /** The same while the target is under attack. */
  maxWaitUnderAttackS: number;
}

export const JOIN_CODE_LIMITS: JoinLimits = {
  freeMisses: 50,
  freeMissesUnderAttack: 3,
  attackMisses: 100,
  attackWindowS: 24 * 60 * 60,
  missWindowS: 24 * 60 * 60,
  maxWaitS: 5 * 60,
  maxWaitUnderAttackS: 60 * 60,
};

/** What check() read, for the verdict's bookkeeping. */
export interface JoinStanding {
  /** This network's net wrong codes for the target. */
  netMisses: number;
  /** The target's, from every network. */
  targetMisses: number;
}

export interface JoinThrottle {
  /** 429 with the wait while this network must wait before its next code for this target is judged. */
  check(target: string, address: string): Promise<JoinStanding>;
  /** A right code: it takes one of the network's wrong codes back (a room's typos never add up). */
  rightCode(target: string, address: string, standing: JoinStanding): Promise<void>;
  /** Counts a wrong code; the refusal to answer with (400, or 429 with the wait the network now has). */
  wrongCode(target: string, address: string): Promise<HttpError>;
}

function waitRefusal(msBeforeNext: number): HttpError {
  const seconds = Math.max(Math.ceil(msBeforeNext / 1000), 1);
  return new HttpError(429, { detail: tooManyJoinCodesMessage(seconds) }, { 'Retry-After': String(seconds) });
}

export function joinThrottle(db: Kysely<Database>, clock: Clock, limits: JoinLimits = JOIN_CODE_LIMITS): JoinThrottle {
  const misses = new RateLimiterKysely(db, clock, { points: limits.freeMisses, duration: limits.missWindowS, keyPrefix: 'join-miss' });
  const waits = new RateLimiterKysely(db, clock, { points: 1, duration: limits.maxWaitUnderAttackS, keyPrefix: 'join-wait' });
  const attacks = new RateLimiterKysely(db, clock, {
    points: limits.attackMisses,
    duration: limits.attackWindowS,
    keyPrefix: 'join-attack',
  });
  const keyOf = (target: string, address: string) => `${target}|${networkOf(address)}`;
  return {
    async check(target, address) {
      const key = keyOf(target, address);
      const [wait, missed, attacked] = await Promise.all([waits.get(key), misses.get(key), attacks.get(target)]);
      if (wait && wait.msBeforeNext > 0) throw waitRefusal(wait.msBeforeNext);
      return { netMisses: missed?.consumedPoints ?? 0, targetMisses: attacked?.consumedPoints ?? 0 };
    },
    async rightCode(target, address, standing) {
      // Written only where there is a wrong code to take back: most joins write nothing here.
      await Promise.all([
        standing.netMisses > 0 ? misses.reward(keyOf(target, address)) : undefined,
        standing.targetMisses > 0 ? attacks.reward(target) : undefined,
      ]);
    },
    async wrongCode(target, address) {
      const key = keyOf(target, address);
      // penalty, not consume: it never rejects; the wait below is what holds the network back.
      const [missed, attack] = await Promise.all([misses.penalty(key), attacks.penalty(target)]);
      const underAttack = attack.consumedPoints >= limits.attackMisses;
      const beyond = missed.consumedPoints - (underAttack ? limits.freeMissesUnderAttack : limits.freeMisses);
      if (beyond <= 0) return new HttpError(400, { detail: PLAY_MESSAGES.wrongJoinCode, join_code: [PLAY_MESSAGES.wrongJoinCode] });
      const waitS = Math.min(2 ** Math.min(beyond - 1, 30), underAttack ? limits.maxWaitUnderAttackS : limits.maxWaitS);
      await waits.set(key, 1, waitS);
      return waitRefusal(waitS * 1000);
    },
  };
}

/**
 * New voters of a poll from one network (re-joining to vote again, cookies cleared): a room of that many behind
 * one address all vote; one person can add no more than that an hour (docs/security.md, "Votes").
 */
export const VOTER_LIMIT = { points: 500, duration: 60 * 60 };

export function voterLimit(db: Kysely<Database>, clock: Clock, limit = VOTER_LIMIT) {
  const voters = new RateLimiterKysely(db, clock, { ...limit, keyPrefix: 'poll-voters' });
  return {
    /** Counts a new voter of the poll from this address's network; 429 with the wait beyond the limit. */
    async newVoter(pollId: number, address: string): Promise<void> {
      try {
        await voters.consume(`poll:${pollId}|${networkOf(address)}`);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(Math.ceil(error.msBeforeNext / 1000), 1);
        throw new HttpError(429, { detail: tooManyVotersMessage(seconds) }, { 'Retry-After': String(seconds) });
      }
    },
  };
}
