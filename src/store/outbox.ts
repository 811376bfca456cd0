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
