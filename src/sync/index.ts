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
  appEngine ??= new SyncEngine({ db: portalDatabase() });
  return appEngine;
}
