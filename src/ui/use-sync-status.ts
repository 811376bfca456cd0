import { useSyncExternalStore } from 'react';
import { appSyncEngine, type SyncStatus } from '../sync';

/** The sync engine's status (online, waiting, failed, conflicts, syncing), re-rendering on change. */
export function useSyncStatus(): SyncStatus {
  const { status } = appSyncEngine();
  return useSyncExternalStore(status.subscribe, status.getSnapshot);
}
