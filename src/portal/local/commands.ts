import { randomUuid } from '../../lib/random-uuid';
import type { EntityName, MirrorRow, PortalDatabase } from './db';
import { resolveReferences } from './entities';
import { LocalStorageFullError, RecordNotFoundError, isQuotaError } from './errors';
import { isLocalKey, newLocalId, serverIdFromKey } from './keys';
import { notifyLocalChange } from './changes';
import { changeOf, entriesOf, hasNoEffect, newEntry, newOpId, refreshSyncState, withEdit } from './outbox';
import type { CreatePayload, RowKey, UpdatePayload } from './payloads';

/*
 * The portal's writes. Each applies the change to the mirror AND queues it in the outbox in one
 * transaction, so a screen shows the change at once and the change is never lost or half-saved.
 */

/** Runs a write transaction over the synced tables; a full disk becomes a LocalStorageFullError. */
export async function writeTransaction<T>(db: PortalDatabase, work: () => Promise<T>): Promise<T> {
  try {
    return await db.transaction('rw', db.syncTables(), work);
  } catch (error) {
    if (isQuotaError(error)) throw new LocalStorageFullError(error);
    throw error;
  }
}

/**
 * References in a payload may be given as any row key (local id, "s-12", or the server id). They
 * are stored as the server id when the row has one, otherwise as the row's local id, which the
 * change then depends on.
 */
async function normaliseReferences<P extends object>(
  db: PortalDatabase,
  entity: EntityName,
  payload: P,
): Promise<{ payload: P; dependsOn: string[] }> {
  const dependsOn = new Set<string>();
  const resolve = async (target: EntityName, value: RowKey): Promise<RowKey> => {
    if (typeof value !== 'string') return value;
    const fromKey = serverIdFromKey(value);
    if (fromKey !== null) return fromKey;
    if (/^\d+$/.test(value)) return Number(value);
    const row = await db.mirror(target).get(value);
    const serverId = row?.serverId ?? (await db.idMap.get([target, value]))?.serverId ?? null;
    if (serverId !== null) return serverId;
    if (isLocalKey(value)) dependsOn.add(value);
    return value;
  };
  return { payload: await resolveReferences(entity, { ...payload }, resolve), dependsOn: [...dependsOn] };
}

/** Creates a row on this device and queues its create. Returns the new row (its key is `localId`). */
export async function createRecord<E extends EntityName>(db: PortalDatabase, entity: E, payload: CreatePayload<E>): Promise<MirrorRow> {
  const row = await writeTransaction(db, async () => {
    const normalised = await normaliseReferences(db, entity, payload);
    const localId = newLocalId();
    const created = { ...normalised.payload, localId, serverId: null, syncState: 'pending', serverCopy: null } as MirrorRow;
    await db.mirror(entity).add(created);
    await db.outbox.add(
      newEntry({
        ...changeOf<E>({ entity, kind: 'create', payload: normalised.payload }),
        localId,
        baseVersion: null,
        dependsOn: normalised.dependsOn,
      }),
    );
    return created;
  });
  notifyLocalChange();
  return row;
}

/**
 * Edits a row and queues the edit. An edit of a row whose last queued change has had no effect on
 * the server yet is merged into that change (one request instead of two); a change the server
 * refused becomes pending again with the fix, under a new Idempotency-Key.
 */
export async function updateRecord<E extends EntityName>(
  db: PortalDatabase,
  entity: E,
  localId: string,
  changes: UpdatePayload<E>,
): Promise<MirrorRow> {
  const row = await writeTransaction(db, async () => {
    const table = db.mirror(entity);
    const current = await table.get(localId);
    if (!current) throw new RecordNotFoundError(entity, localId);
    const normalised = await normaliseReferences(db, entity, changes);
    const updated = { ...current, ...normalised.payload } as MirrorRow;
    await table.put(updated);
    const last = (await entriesOf(db, localId)).at(-1);
    // Row keys such as "s-12" repeat across entities: only a change of this entity's row takes the edit.
    const mergeable = last && last.entity === entity && last.status !== 'conflict' && hasNoEffect(last);
    if (last && mergeable && (last.kind === 'create' || last.kind === 'update')) {
      const merged = withEdit(last, entity, normalised.payload, normalised.dependsOn);
      if (last.status === 'failed')
        Object.assign(merged, { opId: newOpId(), status: 'pending', lastError: null, attempts: 0, nextAttemptAt: 0 });
      await db.outbox.put(merged);
    } else {
      const baseVersion = typeof current.version === 'number' ? current.version : null;
      await db.outbox.add(
        newEntry({
          ...changeOf<E>({ entity, kind: 'update', payload: normalised.payload }),
          localId,
          baseVersion,
          dependsOn: normalised.dependsOn,
        }),
      );
    }
    await refreshSyncState(db, entity, localId);
    return (await table.get(localId)) as MirrorRow;
  });
  notifyLocalChange();
  return row;
}

/**
 * Removes the row from the mirror and returns what remains to tell the server: nothing when its
 * create never had an effect (both are cancelled), otherwise the row must be deleted there.
 * Queued edits without effect are dropped: the delete supersedes them.
 */
async function removeLocally(db: PortalDatabase, entity: EntityName, localId: string): Promise<MirrorRow | null> {
  const row = await db.mirror(entity).get(localId);
  const entries = await entriesOf(db, localId);
  const create = entries.find((entry) => entry.kind === 'create');
  const superseded = create && hasNoEffect(create) ? entries : entries.filter((entry) => entry.kind === 'update' && hasNoEffect(entry));
  await db.outbox.bulkDelete(superseded.map((entry) => entry.seq as number));
  await db.mirror(entity).delete(localId);
  if (create && hasNoEffect(create)) return null;
  if (!row) throw new RecordNotFoundError(entity, localId);
  return row;
}

function deleteBaseVersion(row: MirrorRow): number | null {
  const version = row.serverCopy?.version ?? row.version;
  return typeof version === 'number' ? version : null;
}

/** Deletes a row here and queues its delete (or cancels its never-sent create). */
export async function deleteRecord<E extends EntityName>(db: PortalDatabase, entity: E, localId: string): Promise<void> {
  await writeTransaction(db, async () => {
    const row = await removeLocally(db, entity, localId);
    if (row) {
      const change = changeOf<E>({ entity, kind: 'delete', payload: {} });
      const entry = newEntry({ ...change, localId, baseVersion: deleteBaseVersion(row), dependsOn: [] });
      await db.outbox.add({ ...entry, removedRows: [row] });
    }
  });
  notifyLocalChange();
}

/** Deletes several rows here and queues one bulk delete for those the server knows or may know. */
export async function bulkDeleteRecords<E extends EntityName>(db: PortalDatabase, entity: E, localIds: readonly string[]): Promise<void> {
  await writeTransaction(db, async () => {
    const removedRows: MirrorRow[] = [];
    for (const localId of localIds) {
      const row = await removeLocally(db, entity, localId);
      if (row) removedRows.push(row);
    }
    if (removedRows.length > 0) {
      const remaining = removedRows.map((row) => row.localId);
      const entry = newEntry({
        ...changeOf<E>({ entity, kind: 'bulkDelete', payload: { localIds: remaining } }),
        localId: `bulk-${randomUuid()}`,
        baseVersion: null,
        dependsOn: remaining,
      });
      await db.outbox.add({ ...entry, removedRows });
    }
  });
  notifyLocalChange();
}
