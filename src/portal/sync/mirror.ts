import type { EntityName, MirrorRow, OutboxEntry, PortalDatabase, ServerObject } from '../local/db';
import { entityDescriptors, mapReferences } from '../local/entities';
import { serverKey } from '../local/keys';
import type { RowKey } from '../local/payloads';
import { entriesOf, refreshSyncState } from '../local/outbox';

/*
 * How the server's objects land in the mirror. Every function here runs inside a transaction over
 * db.syncTables(), opened by its caller.
 */

/** A server object as a mirrored row (its server fields, and the sync bookkeeping). */
export function rowFromServer(object: ServerObject, localId: string = serverKey(object.id)): MirrorRow {
  const { id, ...fields } = object;
  return { ...fields, localId, serverId: id, syncState: 'synced', serverCopy: object };
}

export function versionOf(object: ServerObject | null | undefined): number | null {
  return typeof object?.version === 'number' ? object.version : null;
}

/**
 * The server has acted on a create or update of this row and answered with the object. The row
 * becomes the server's object, unless later queued changes of the row are still to be sent: then
 * it keeps showing them, and those changes are now based on the answer's version.
 */
export async function applyWriteAnswer(db: PortalDatabase, entity: EntityName, localId: string, answer: ServerObject): Promise<void> {
  const later = await entriesOf(db, localId);
  const version = versionOf(answer);
  // Also when the row is gone here: a queued delete follows and must not conflict with my own edit.
  for (const entry of later) {
    if (entry.kind === 'update' || entry.kind === 'delete') await db.outbox.update(entry.seq as number, { baseVersion: version });
  }
  const table = db.mirror(entity);
  if (!(await table.get(localId))) return;
  if (later.length === 0) {
    await table.put(rowFromServer(answer, localId));
    return;
  }
  await table.update(localId, { serverId: answer.id, serverCopy: answer, version: answer.version } as Partial<MirrorRow>);
  await refreshSyncState(db, entity, localId);
}

/**
 * The server gave a row created here its id: remember it, drop any copy of the same object that
 * a pull brought in meanwhile (answer lost, then pulled), and replace the local id by the server
 * id in every mirrored row and queued payload that references the row.
 */
export async function assignServerId(db: PortalDatabase, entity: EntityName, localId: string, serverId: number): Promise<void> {
  await db.idMap.put({ entity, localId, serverId });
  const duplicates = await db.mirror(entity).where('serverId').equals(serverId).toArray();
  for (const duplicate of duplicates) {
    if (duplicate.localId !== localId && (await entriesOf(db, duplicate.localId)).length === 0)
      await db.mirror(entity).delete(duplicate.localId);
  }
  const swap = (target: EntityName, key: RowKey) => (target === entity && key === localId ? serverId : key);
  for (const descriptor of Object.values(entityDescriptors)) {
    const fields = Object.entries(descriptor.references)
      .filter(([, target]) => target === entity)
      .map(([field]) => field);
    if (fields.length === 0) continue;
    const table = db.mirror(descriptor.name);
    // An indexed reference field (question.category) finds the rows directly; a list (quiz.questions) is scanned.
    const indexed = fields.every((field) => table.schema.idxByName[field] !== undefined);
    const rows = indexed
      ? (await Promise.all(fields.map((field) => table.where(field).equals(localId).toArray()))).flat()
      : await table.toArray();
    const changed = rows.filter((row) => mapReferences(descriptor.name, row, swap) !== row);
    await table.bulkPut(changed.map((row) => mapReferences(descriptor.name, row, swap)));
    for (const entry of await queuedChangesOf(db, descriptor.name)) {
      const payload = mapReferences(descriptor.name, entry.payload, swap);
      if (payload !== entry.payload) await db.outbox.update(entry.seq as number, { payload });
    }
  }
}

/** The queued changes of one entity's rows. */
function queuedChangesOf(db: PortalDatabase, entity: EntityName): Promise<OutboxEntry[]> {
  return db.outbox.where('entity').equals(entity).toArray();
}

/**
 * Local ids of the rows with queued changes, from one entity's changes (by entity: server keys like "s-12"
 * repeat across entities).
 */
function changedRows(changes: readonly OutboxEntry[]): Set<string> {
  return new Set(changes.map((entry) => entry.localId));
}

/** Server ids of rows this device has deleted but not yet told the server about, from one entity's changes. */
async function locallyDeletedIds(db: PortalDatabase, entity: EntityName, changes: readonly OutboxEntry[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const entry of changes) {
    if (entry.kind !== 'delete' && entry.kind !== 'bulkDelete') continue;
    // A refused delete put its rows back (push.ts): they follow the server again until the user decides.
    if (entry.status === 'failed') continue;
    for (const row of entry.removedRows ?? []) if (row.serverId !== null) ids.add(row.serverId);
    const keys = entry.kind === 'delete' ? [entry.localId] : entry.payload.localIds;
    for (const key of keys) {
      const mapped = (await db.idMap.get([entity, key]))?.serverId ?? (key.startsWith('s-') ? Number(key.slice(2)) : null);
      if (mapped !== null) ids.add(mapped);
    }
  }
  return ids;
}

/**
 * Merges pulled objects into the mirror. A row with queued changes keeps what the user sees (only
 * its copy of the server state moves); a row deleted here and not yet on the server stays deleted.
 */
export async function mergePulled(db: PortalDatabase, entity: EntityName, objects: readonly ServerObject[]): Promise<void> {
  const table = db.mirror(entity);
  const changes = await queuedChangesOf(db, entity);
  const deletedHere = await locallyDeletedIds(db, entity, changes);
  const pulled = objects.filter((object) => !deletedHere.has(object.id));
  if (pulled.length === 0) return;
  // Read once what the objects meet here (their rows, and those rows' queued changes), then write in bulk:
  // two requests an object, each awaited, made a first pull hundreds of small tasks.
  const ids = new Set(pulled.map((object) => object.id));
  const rowByServerId = new Map<number, MirrorRow>();
  // One range read of the index (anyOf walks a cursor key by key: 10,000 ids took seconds), in index order,
  // so the first row of a server id wins, as `where('serverId').equals(id).first()` would.
  let lowest = Infinity;
  let highest = -Infinity;
  for (const id of ids) {
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
  }
  const inRange = await table.where('serverId').between(lowest, highest, true, true).toArray();
  for (const row of inRange) {
    if (row.serverId !== null && ids.has(row.serverId) && !rowByServerId.has(row.serverId)) rowByServerId.set(row.serverId, row);
  }
  const queued = changedRows(changes);
  const replaced = new Map<string, MirrorRow>();
  const copies = new Map<string, ServerObject>();
  for (const object of pulled) {
    const row = rowByServerId.get(object.id);
    const localId = row?.localId ?? serverKey(object.id);
    if (!row) {
      replaced.set(localId, rowFromServer(object));
    } else if (row.syncState === 'synced' && JSON.stringify(row.serverCopy) === JSON.stringify(object)) {
      // Unchanged: writing it again would wake every screen watching the table for nothing.
      continue;
    } else if (!queued.has(localId)) {
      replaced.set(localId, rowFromServer(object, localId));
    } else {
      copies.set(localId, object);
    }
  }
  if (replaced.size > 0) await table.bulkPut([...replaced.values()]);
  if (copies.size > 0) await table.bulkUpdate([...copies].map(([key, serverCopy]) => ({ key, changes: { serverCopy } })));
}

/** Removes rows the server no longer has, except rows with queued changes (they will tell). */
export async function removeGone(db: PortalDatabase, entity: EntityName, isGone: (serverId: number) => boolean): Promise<void> {
  const table = db.mirror(entity);
  const rows = await table.where('serverId').aboveOrEqual(-Infinity).toArray();
  const queued = changedRows(await queuedChangesOf(db, entity));
  const gone = rows.filter((row) => row.serverId !== null && isGone(row.serverId) && !queued.has(row.localId));
  await table.bulkDelete(gone.map((row) => row.localId));
}
