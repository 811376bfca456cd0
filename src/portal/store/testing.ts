import { portalDatabase, type EntityName, type OutboxEntry } from '../local/db';
import type { Mirror, RowBookkeeping } from './mirror';

/*
 * Helpers for the tests of screens: set the app's database to a known state without opening it above the
 * store. Not used by the app.
 */

type TableName = EntityName | 'outbox' | 'idMap' | 'syncMeta' | 'session';

/** Empties these tables of the app's database. */
export async function clearTables(...names: readonly TableName[]): Promise<void> {
  const db = portalDatabase();
  await Promise.all(names.map((name) => db.table(name).clear()));
}

/** Puts rows into an entity's mirror as they are (no outbox entry: as if pulled). */
export async function putRows<Row extends RowBookkeeping>(mirror: Mirror<Row>, ...rows: readonly Row[]): Promise<void> {
  await mirror.table().bulkPut([...rows]);
}

/** How many changes wait in the outbox. */
export function queuedChangeCount(): Promise<number> {
  return portalDatabase().outbox.count();
}

/** Records that this device has pulled the entity once (as the sync engine does after its first pull). */
export async function markPulled(entity: EntityName): Promise<void> {
  await portalDatabase().syncMeta.put({ entity, cursor: null, lastPulledAt: Date.now(), incremental: true });
}

/** The queued changes, oldest first. */
export function queuedChanges(): Promise<OutboxEntry[]> {
  return portalDatabase().outbox.orderBy('seq').toArray();
}

/** Marks every queued change as refused by the server with this message (status 400), as a push would. */
export async function refuseQueuedChanges(message: string): Promise<void> {
  await portalDatabase()
    .outbox.toCollection()
    .modify({ status: 'failed', lastError: { status: 400, message, fieldErrors: {} } });
}
