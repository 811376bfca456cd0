import type { ConnectionState } from '../../lib/server-connection';
import type { OutboxEntry } from '../local/db';

/** What the user always sees about sync (docs/decisions.md "Offline"), as one immutable snapshot. */
export interface SyncStatus {
  /** Whether the server answers (lib/server-connection.ts): checking until it first answers or fails. */
  connection: ConnectionState;
  /** Not known to be offline: changes are sent, live screens connect. */
  online: boolean;
  syncing: boolean;
  /** Changes still to send (pending, being sent, or waiting on a failed one). */
  waiting: number;
  failed: number;
  conflicts: number;
  failedEntries: readonly OutboxEntry[];
  conflictEntries: readonly OutboxEntry[];
  /** The server answered 401: the queue is paused, kept, until the user signs in again. */
  needsSignIn: boolean;
  lastSyncedAt: number | null;
  lastError: string | null;
  /** navigator.storage.persist()'s answer; null where the browser cannot tell. */
  storagePersisted: boolean | null;
}

export const initialSyncStatus: SyncStatus = {
  connection: 'checking',
  online: true,
  syncing: false,
  waiting: 0,
  failed: 0,
  conflicts: 0,
  failedEntries: [],
  conflictEntries: [],
  needsSignIn: false,
  lastSyncedAt: null,
  lastError: null,
  storagePersisted: null,
};

/** A tiny store shaped for React's useSyncExternalStore(subscribe, getSnapshot). */
export class SyncStatusStore {
  private snapshot: SyncStatus;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Partial<SyncStatus> = {}) {
    this.snapshot = { ...initialSyncStatus, ...initial };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SyncStatus => this.snapshot;

  update(changes: Partial<SyncStatus>): void {
    const keys = Object.keys(changes) as (keyof SyncStatus)[];
    if (keys.every((key) => Object.is(this.snapshot[key], changes[key]))) return;
    this.snapshot = { ...this.snapshot, ...changes };
    for (const listener of this.listeners) listener();
  }

  /** Counts and lists from the whole outbox. */
  updateFromOutbox(entries: readonly OutboxEntry[]): void {
    const failedEntries = entries.filter((entry) => entry.status === 'failed');
    const conflictEntries = entries.filter((entry) => entry.status === 'conflict');
    this.update({
      waiting: entries.length - failedEntries.length - conflictEntries.length,
      failed: failedEntries.length,
      conflicts: conflictEntries.length,
      failedEntries: sameOrNew(this.snapshot.failedEntries, failedEntries),
      conflictEntries: sameOrNew(this.snapshot.conflictEntries, conflictEntries),
    });
  }
}

/**
 * The empty list already in the snapshot when the outbox's new read has none either. Every read makes new
 * arrays; taken as a change, each one re-rendered every screen reading the whole status at once, and made
 * React redo, in one long task, a time-sliced render that had read it (total blocking time). A list
 * with entries is always taken as new: its entries may differ in ways (a file in the payload) that a cheap
 * comparison cannot see.
 */
function sameOrNew(previous: readonly OutboxEntry[], next: readonly OutboxEntry[]): readonly OutboxEntry[] {
  return previous.length === 0 && next.length === 0 ? previous : next;
}
