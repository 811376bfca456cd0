/** One replayer at a time across tabs (and a worker) of this origin. */
export const SYNC_LOCK_NAME = 'quiz-portal-sync';

let fallbackTail: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` while holding the sync lock. Web Locks coordinate every tab of the origin; where
 * they are missing (old browsers, jsdom) an in-memory mutex still serialises this page's runs.
 */
export function withSyncLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request(SYNC_LOCK_NAME, work) as Promise<T>;
  const run = fallbackTail.then(work, work);
  fallbackTail = run.catch(() => undefined);
  return run;
}
