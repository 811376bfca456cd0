import { useLiveQuery } from 'dexie-react-hooks';
import { portalDatabase, type EntityName, type MirrorRow, type OutboxEntry } from '../local/db';

export type { EntityName, OutboxEntry, OutboxError } from '../local/db';

/** The change of a row the server refused, if any: undefined while loading, null when there is none. */
export function useRefusedChange(localId: string | undefined): OutboxEntry | null | undefined {
  return useLiveQuery(async () => {
    if (!localId) return null;
    const entries = await portalDatabase().outbox.where('localId').equals(localId).toArray();
    return entries.find((entry) => entry.status === 'failed') ?? null;
  }, [localId]);
}

const NO_FIELD_ERRORS: Record<string, string[]> = {};

/** The server's field errors of the row's refused change ({} when none, or while loading; the same {} each time). */
export function useRefusedFieldErrors(localId: string | undefined): Record<string, string[]> {
  return useRefusedChange(localId)?.lastError?.fieldErrors ?? NO_FIELD_ERRORS;
}

/** A queued change and the row it is about as it is now (undefined once the row is gone here). */
export interface QueuedChange {
  entry: OutboxEntry;
  row: (MirrorRow & Record<string, unknown>) | undefined;
}

/** Every queued change, oldest first, with its row: what the Sync screen lists. */
export function useQueuedChanges(): QueuedChange[] | undefined {
  return useLiveQuery(async () => {
    const db = portalDatabase();
    const entries = await db.outbox.orderBy('seq').toArray();
    return Promise.all(
      entries.map(async (entry) => ({
        entry,
        // Rows are records of the server's fields; the Sync screen reads a few by name.
        row: (await db.mirror(entry.entity as EntityName).get(entry.localId)) as (MirrorRow & Record<string, unknown>) | undefined,
      })),
    );
  });
}

/**
 * The refused changes of one entity's rows, by the row's local id (a refused delete's row is back in the
 * list, and the list says why): undefined while loading.
 */
export function useRefusedChanges(entity: EntityName): ReadonlyMap<string, OutboxEntry> | undefined {
  return useLiveQuery(async () => {
    const entries = await portalDatabase().outbox.where('entity').equals(entity).toArray();
    const refused = new Map<string, OutboxEntry>();
    for (const entry of entries) {
      if (entry.status !== 'failed') continue;
      const keys = entry.kind === 'bulkDelete' ? entry.payload.localIds : [entry.localId];
      for (const key of keys) if (!refused.has(key)) refused.set(key, entry);
    }
    return refused;
  }, [entity]);
}

/**
 * Rows deleted on this device whose delete has not reached the server yet (the list shows them as waiting to
 * sync, as it does a create or an edit): the rows as they were, oldest delete first. Rows a refused delete put
 * back are in the mirror and not here.
 */
export function usePendingDeletes<Row extends MirrorRow = MirrorRow>(entity: EntityName): Row[] {
  return (
    useLiveQuery(async () => {
      const db = portalDatabase();
      const entries = await db.outbox.where('entity').equals(entity).sortBy('seq');
      const rows: MirrorRow[] = [];
      for (const entry of entries) {
        if ((entry.kind !== 'delete' && entry.kind !== 'bulkDelete') || entry.status === 'failed') continue;
        for (const row of entry.removedRows ?? []) if (!(await db.mirror(entity).get(row.localId))) rows.push(row);
      }
      return rows as Row[];
    }, [entity]) ?? []
  );
}
