import { useSyncExternalStore } from 'react';
import { appSyncEngine, type SyncStatus } from '../sync';
import type { SyncStatusStore } from '../sync/status';

export type { SyncStatus } from '../sync';

/** The app's sync status store (tests set it to a state; screens read it through the hooks below). */
export function syncStatusStore(): SyncStatusStore {
  return appSyncEngine().status;
}

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
  const status = syncStatusStore();
  return useSyncExternalStore(status.subscribe, () => select(status.getSnapshot()));
}

const isOnline = (status: SyncStatus) => status.online;

/** Whether the device is online, re-rendering only when that changes. */
export function useOnline(): boolean {
  return useSyncStatusValue(isOnline);
}

/** Sends the outbox and pulls now. */
export const syncNow = (): Promise<void> => appSyncEngine().syncNow();

/** What the user may do with a failed or conflicting change (the Sync screen's buttons). */
export const changeActions = {
  retry: (opId: string) => appSyncEngine().retry(opId),
  discard: (opId: string) => appSyncEngine().discard(opId),
  keepMine: (opId: string) => appSyncEngine().keepMine(opId),
  takeTheirs: (opId: string) => appSyncEngine().takeTheirs(opId),
};
