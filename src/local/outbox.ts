import { randomUuid } from '../lib/random-uuid';
import type { EntityName, OutboxEntry, OutboxKind, Payload, PortalDatabase, SyncState } from './db';

export function newOpId(): string {
  return randomUuid();
}

export function newEntry(fields: {
  entity: EntityName;
  kind: OutboxKind;
  localId: string;
  baseVersion: number | null;
  payload: Payload;
  dependsOn: string[];
}): OutboxEntry {
  return {
    ...fields,
    opId: newOpId(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    conflict: null,
    createdAt: Date.now(),
  };
}

/** The queued changes of one row, oldest first. */
export async function entriesOf(db: PortalDatabase, localId: string): Promise<OutboxEntry[]> {
  return db.outbox.where('localId').equals(localId).sortBy('seq');
}

/**
 * True when the server cannot have acted on this entry: never sent, or refused (400 / 409 / 412 and
 * "depends on a discarded change" are answers without effect). Such an entry may be merged into,
 * cancelled, or resent under a new Idempotency-Key. An entry sent without an answer (network
 * failure, 5xx) may have been applied, so it is kept and resent under the same key.
 */
export function hasNoEffect(entry: OutboxEntry): boolean {
  if (entry.status === 'failed' || entry.status === 'conflict') return true;
  return entry.status !== 'sending' && entry.attempts === 0;
}

/** A row's badge, from its queued changes. */
export function syncStateOf(entries: readonly OutboxEntry[]): SyncState {
  if (entries.length === 0) return 'synced';
  if (entries.some((entry) => entry.status === 'conflict')) return 'conflict';
  if (entries.some((entry) => entry.status === 'failed')) return 'failed';
  return 'pending';
}

/** Recomputes a row's syncState after its queued changes moved (call inside a transaction). */
export async function refreshSyncState(db: PortalDatabase, entity: EntityName, localId: string): Promise<void> {
  const table = db.mirror(entity);
  const row = await table.get(localId);
  if (!row) return;
  const syncState = syncStateOf(await entriesOf(db, localId));
  if (row.syncState !== syncState) await table.update(localId, { syncState });
}
