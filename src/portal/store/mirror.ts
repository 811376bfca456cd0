import type { Table } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { bulkDeleteRecords, createRecord, deleteRecord, updateRecord, writeTransaction } from '../local/commands';
import { portalDatabase, type EntityName, type MirrorRow, type ServerObject } from '../local/db';
import type { CreatePayload, UpdatePayload } from '../local/payloads';
import { findRowByKey } from '../local/keys';

/*
 * The one way screens reach the mirror: each entity's store module (categories.ts, questions.ts...) names
 * its table and row type here, and gets typed reads, live hooks and queued writes. Nothing above the store
 * opens the database.
 */

export type { MirrorRow, SyncState } from '../local/db';
export { isLocalKey, routeKeyOf } from '../local/keys';
export { LocalStorageFullError, RecordNotFoundError } from '../local/errors';

/** What the mirror adds to every row: its stable key, the server's id once known, its badge, the server's copy. */
export type RowBookkeeping = Pick<MirrorRow, 'localId' | 'serverId' | 'syncState' | 'serverCopy'>;

/**
 * A mirrored row of a server object `S`, as the screens read it: the fields the portal itself writes
 * (`Written`) are always there; the fields the server fills (dates, hashes, counts) are absent on a row
 * created on this device until it syncs. `Overrides` widens fields a local row holds differently (a
 * reference that is still a local key, a File not yet uploaded).
 */
export type MirrorOf<S extends ServerObject, Written extends keyof S, Overrides = object> = RowBookkeeping &
  Omit<Pick<S, Written> & Partial<Omit<S, 'id' | Written>>, keyof Overrides> &
  Overrides;

/** One mirrored entity: its table, read as its row type, written with its payloads. */
export interface Mirror<Row extends RowBookkeeping, E extends EntityName = EntityName> {
  readonly entity: E;
  /** The table, typed: Dexie types every mirror table alike, and this is where each gets its row type. */
  table(): Table<Row, string>;
}

export function mirrorOf<Row extends RowBookkeeping, E extends EntityName>(entity: E): Mirror<Row, E> {
  // The one place a mirror table is given its row type: rows enter it only through the commands below
  // (payloads the store types) and the sync engine (the server's objects, decoded by src/portal/api).
  return { entity, table: () => portalDatabase().mirror(entity) as unknown as Table<Row, string> };
}

/** The row a route key names (server id, "s-12", or local id, also after sync), or null. */
export async function findRow<Row extends RowBookkeeping>(
  mirror: Mirror<Row>,
  key: string | number | null | undefined,
): Promise<Row | null> {
  if (key === null || key === undefined || key === '') return null;
  const row = await findRowByKey(portalDatabase(), mirror.entity, key);
  return (row as Row | undefined) ?? null;
}

/** Every row of the entity, live (undefined while the database opens). */
export function useRows<Row extends RowBookkeeping>(mirror: Mirror<Row>): Row[] | undefined {
  return useLiveQuery(() => mirror.table().toArray(), [mirror]);
}

/** The row a route key names, live: undefined while loading, null when there is none. */
export function useRow<Row extends RowBookkeeping>(mirror: Mirror<Row>, key: string | number | null | undefined): Row | null | undefined {
  return useLiveQuery(() => findRow(mirror, key), [mirror, key]);
}

/** Creates a row here and queues its create (works offline); returns the row, keyed by its local id. */
export async function queueCreate<Row extends RowBookkeeping, E extends EntityName>(
  mirror: Mirror<Row, E>,
  payload: CreatePayload<E>,
): Promise<Row> {
  return (await createRecord(portalDatabase(), mirror.entity, payload)) as unknown as Row;
}

/** Edits a row here and queues the edit (merged into a change not sent yet). */
export async function queueUpdate<Row extends RowBookkeeping, E extends EntityName>(
  mirror: Mirror<Row, E>,
  localId: string,
  changes: UpdatePayload<E>,
): Promise<Row> {
  return (await updateRecord(portalDatabase(), mirror.entity, localId, changes)) as unknown as Row;
}

/** Deletes a row here and queues its delete (or cancels its create that was never sent). */
export function queueDelete<Row extends RowBookkeeping>(mirror: Mirror<Row>, localId: string): Promise<void> {
  return deleteRecord(portalDatabase(), mirror.entity, localId);
}

/** Deletes several rows here and queues one bulk delete. */
export function queueBulkDelete<Row extends RowBookkeeping>(mirror: Mirror<Row>, localIds: readonly string[]): Promise<void> {
  return bulkDeleteRecords(portalDatabase(), mirror.entity, localIds);
}

/** Runs several queued writes as one: all are saved, or none (a full disk is a LocalStorageFullError). */
export function queueTogether<T>(work: () => Promise<T>): Promise<T> {
  return writeTransaction(portalDatabase(), work);
}
