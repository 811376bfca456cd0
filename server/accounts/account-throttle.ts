import type { Kysely } from 'kysely';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { RateLimiterKysely } from '../http/throttle';
import { hashSecret } from '../http/secrets';

// Login and password-reset limits, counted by rate-limiter-flexible in the database's
// rate_limits table (the store Play's join codes use), so every server instance shares them. They count per
// (email, address) and per address, never per email alone: a flood of wrong passwords against one email from
// other addresses slows those addresses down and never locks the owner out of their own.
//
// Every try takes a point before the password is checked (consume is atomic, so a burst of parallel tries
// cannot slip past the limit while the hashes are computed); a correct password gives the address's point back
// and clears its (email, address) count.

export interface AccountLimits {
  /** Failed logins per (email, address) in the window. */
  loginPerPair: number;
  /** Failed logins per address, whatever the emails. */
  loginPerAddress: number;
  /** The window, in milliseconds. */
  loginWindowMs: number;
}

/** Reset requests: per (email, address) and per address, in an hour (not configurable: a person needs a few). */
export const RESET_REQUEST_LIMITS = { perPair: 5, perAddress: 20, durationSeconds: 60 * 60 } as const;

function pairKey(email: string, address: string): string {
  // Hashed: an email may be long, and the rate_limits table should not hold addresses of users in clear.
  return `${address}|${hashSecret(email)}`;
}

function tooMany(detail: (seconds: number) => string, res: RateLimiterRes): HttpError {
  const seconds = Math.max(Math.ceil(res.msBeforeNext / 1000), 1);
  return new HttpError(429, { detail: detail(seconds) }, { 'Retry-After': String(seconds) });
}

const loginDetail = (seconds: number) => `Too many failed login attempts. Try again in ${seconds} seconds.`;
const resetDetail = (seconds: number) => `Too many password reset requests. Try again in ${seconds} seconds.`;

/** Takes a point from each limiter, or throws 429 naming the longest wait. */
async function consumeAll(entries: [RateLimiterKysely, string][], detail: (seconds: number) => string): Promise<void> {
  const results = await Promise.allSettled(entries.map(([limiter, key]) => limiter.consume(key)));
  const refused = results.flatMap((result) =>
    result.status === 'rejected' && result.reason instanceof RateLimiterRes ? [result.reason] : [],
  );
  const failure = results.find((result) => result.status === 'rejected' && !(result.reason instanceof RateLimiterRes));
  if (failure?.status === 'rejected') throw failure.reason;
  if (refused.length)
    throw tooMany(
      detail,
      refused.reduce((a, b) => (a.msBeforeNext >= b.msBeforeNext ? a : b)),
    );
}

export interface AccountThrottle {
  /** Before checking a password: 429 while this address, or this address for this email, is over its limit. */
  loginAttempt(email: string, address: string): Promise<void>;
  /** After a correct password: the try does not count. */
  loginSucceeded(email: string, address: string): Promise<void>;
  /** Before a reset request is accepted: 429 past the limits. */
  resetRequest(email: string, address: string): Promise<void>;
}

/** Expired counters are swept at most this often (per instance), so a spray of emails cannot grow the table for ever. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export function accountThrottle(db: Kysely<Database>, clock: Clock, limits: AccountLimits): AccountThrottle {
  let lastSweep = clock.now().getTime();
  async function sweep(): Promise<void> {
    const now = clock.now().getTime();
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await db.deleteFrom('rate_limits').where('expire', '<=', now).execute();
  }
  const duration = Math.max(Math.ceil(limits.loginWindowMs / 1000), 1);
  const loginPair = new RateLimiterKysely(db, clock, { points: limits.loginPerPair, duration, keyPrefix: 'login-pair' });
  const loginAddress = new RateLimiterKysely(db, clock, { points: limits.loginPerAddress, duration, keyPrefix: 'login-address' });
  const resetPair = new RateLimiterKysely(db, clock, {
    points: RESET_REQUEST_LIMITS.perPair,
    duration: RESET_REQUEST_LIMITS.durationSeconds,
    keyPrefix: 'reset-pair',
  });
  const resetAddress = new RateLimiterKysely(db, clock, {
    points: RESET_REQUEST_LIMITS.perAddress,
    duration: RESET_REQUEST_LIMITS.durationSeconds,
    keyPrefix: 'reset-address',
  });
  return {
    async loginAttempt(email, address) {
      await sweep();
      await consumeAll(
        [
          [loginPair, pairKey(email, address)],
          [loginAddress, address],
        ],
        loginDetail,
      );
    },
    async loginSucceeded(email, address) {
      await Promise.all([loginPair.delete(pairKey(email, address)), loginAddress.reward(address)]);
    },
    async resetRequest(email, address) {
      await sweep();
      await consumeAll(
        [
          [resetPair, pairKey(email, address)],
          [resetAddress, address],
        ],
        resetDetail,
      );
    },
  };
}
