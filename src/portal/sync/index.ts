import { serverConnection } from '../api/connection';
import { portalDatabase } from '../local/db';
import { SyncEngine } from './engine';

export { SyncEngine, type IdAssigned, type SyncEngineOptions } from './engine';
export type { SyncStatus } from './status';

let appEngine: SyncEngine | null = null;

/**
 * The app's one engine, over the app's database. main.tsx starts it after the session is known;
 * screens read `status` (useSyncExternalStore) and call syncNow / retry / discard / keepMine /
 * takeTheirs; a page opened on a local id listens to onIdAssigned to switch to the server id.
 */
export function appSyncEngine(): SyncEngine {
  appEngine ??= new SyncEngine({ db: portalDatabase(), whenIdle: whenPageIdle, connection: serverConnection });
  return appEngine;
}

/** How long an offline start's first sync work waits at most for the page to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Resolves once the page's main thread is idle (its first screen drawn), or after IDLE_TIMEOUT_MS. */
export function whenPageIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}
