import { backoffDelay } from '../../lib/backoff';

/** Growing delays between automatic retries of a change the server could not take yet. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 5 * 60_000;

/**
 * Exponential backoff with jitter (lib/backoff.ts), capped, so many devices coming back online do not retry in
 * lockstep. A Retry-After from the server wins when it asks for longer.
 */
export function retryDelay(attempts: number, random: () => number = Math.random, retryAfterMs: number | null = null): number {
  const jittered = backoffDelay(attempts, { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS }, random);
  return retryAfterMs !== null ? Math.max(retryAfterMs, jittered) : jittered;
}

/** Statuses worth retrying later: no answer, timeouts, rate limits, server trouble. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
