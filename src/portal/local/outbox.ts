import { randomUuid } from '../../lib/random-uuid';
import type { EntityName, OutboxEntry, Payload, PortalDatabase, SyncState } from './db';
import type { CreatePayload, OutboxChange, UpdatePayload } from './payloads';

export function newOpId(): string {
  return randomUuid();
}

export function newEntry(fields: OutboxChange & { localId: string; baseVersion: number | null; dependsOn: string[] }): OutboxEntry {
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

/**
 * A change of one entity as a change of the outbox. It is a member of the union by construction
 * (OutboxChange<E>), but TypeScript does not relate a member chosen by a type parameter to the
 * whole union. This and the two merges below are the only places the outbox's types are asserted.
 */
export function changeOf<E extends EntityName>(change: OutboxChange<E>): OutboxChange {
  return change as OutboxChange;
}

/**
 * A queued create or edit of a row of `entity` with a later edit of the row merged in (one request
 * instead of two): an edit's fields are among the create's, so a create stays a create.
 */
export function withEdit<E extends EntityName>(
  entry: OutboxEntry & { kind: 'create' | 'update' },
  entity: E,
  changes: UpdatePayload<E>,
  dependsOn: readonly string[],
): OutboxEntry {
  const payload = { ...entry.payload, ...changes };
  const change =
    entry.kind === 'create'
      ? changeOf<E>({ entity, kind: 'create', payload: payload as CreatePayload<E> })
      : changeOf<E>({ entity, kind: 'update', payload: payload as UpdatePayload<E> });
  return { ...entry, ...change, dependsOn: [...new Set([...entry.dependsOn, ...dependsOn])] };
}

/**
 * A change the user retries with a fix: the fix's fields are merged into its payload. The fix comes
 * from a screen about this change, so it names fields of the change's own entity.
 */
export function withFix(entry: OutboxEntry, fix: Payload): OutboxEntry {
  return { ...entry, payload: { ...entry.payload, ...fix } } as OutboxEntry;
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
