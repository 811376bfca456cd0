/** The first and the longest wait of a backoff. */
export interface BackoffRange {
  firstMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with jitter ("equal jitter": half fixed, half random), capped, so many devices waiting on
 * the same server do not all try again in the same instant. `attempts` counts the failures so far (1: the first).
 */
export function backoffDelay(attempts: number, range: BackoffRange, random: () => number = Math.random): number {
  const exponential = Math.min(range.maxMs, range.firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
