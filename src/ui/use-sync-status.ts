import { useSyncExternalStore } from 'react';
import { appSyncEngine, type SyncStatus } from '../sync';

const wholeStatus = (status: SyncStatus) => status;

/** The sync engine's status (online, waiting, failed, conflicts, syncing), re-rendering on change. */
export function useSyncStatus(): SyncStatus {
  return useSyncStatusValue(wholeStatus);
}

/**
 * One value picked from the sync status, re-rendering only when that value changes (a screen that needs only
 * `online` is not rebuilt on every count or `syncing` change). `select` must return a primitive or a value
 * kept from the snapshot: a new object each call would never compare equal.
 */
export function useSyncStatusValue<Value>(select: (status: SyncStatus) => Value): Value {
  const { status } = appSyncEngine();
  return useSyncExternalStore(status.subscribe, () => select(status.getSnapshot()));
}

const isOnline = (status: SyncStatus) => status.online;

/** Whether the device is online, re-rendering only when that changes. */
export function useOnline(): boolean {
  return useSyncStatusValue(isOnline);
}
