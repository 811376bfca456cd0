import type { KyInstance } from 'ky';
import type { Page } from '../api/resource';
import type { PortalDatabase, ServerObject, SyncMeta } from '../local/db';
import { mergePulled, removeGone } from './mirror';
import type { SyncedEntity } from './registry';

export const PULL_PAGE_SIZE = 1000;
/** Asking a little before the cursor costs a few rows and guards against rows stamped the same instant. */
const CURSOR_OVERLAP_MS = 1000;

function updatedAfter(cursor: string): string {
  const time = Date.parse(cursor);
  return Number.isNaN(time) ? cursor : new Date(time - CURSOR_OVERLAP_MS).toISOString();
}

function latest(cursor: string | null, objects: readonly ServerObject[]): string | null {
  let best = cursor;
  for (const object of objects) {
    const stamp = object.updated_at;
    if (stamp && (best === null || Date.parse(stamp) > Date.parse(best))) best = stamp;
  }
  return best;
}

/**
 * Brings the server's rows of one entity into the mirror: every page, or only what changed since
 * the last pull when the server offers `updated_after` (it then answers with `deleted`). A server
 * without it sends everything, and rows it no longer has are dropped here.
 */
export async function pullEntity(db: PortalDatabase, client: KyInstance, entity: SyncedEntity, now: number): Promise<void> {
  const meta: SyncMeta = (await db.syncMeta.get(entity.name)) ?? {
    entity: entity.name,
    cursor: null,
    lastPulledAt: null,
    incremental: false,
  };
  const params: Record<string, string | number> = { page_size: PULL_PAGE_SIZE };
  if (meta.cursor) params.updated_after = updatedAfter(meta.cursor);
  const objects: ServerObject[] = [];
  let deleted: number[] | undefined;
  for (let page = 1; ; page += 1) {
    const answer: Page<ServerObject> = await entity.api.list({ ...params, page }, client);
    objects.push(...answer.results);
    if (answer.deleted) deleted = [...(deleted ?? []), ...answer.deleted];
    if (!answer.next) break;
  }
  const incremental = meta.cursor !== null && deleted !== undefined;
  await db.transaction('rw', db.syncTables(), async () => {
    await mergePulled(db, entity.name, objects);
    if (incremental) {
      const gone = new Set(deleted);
      await removeGone(db, entity.name, (id) => gone.has(id));
    } else {
      const present = new Set(objects.map((object) => object.id));
      await removeGone(db, entity.name, (id) => !present.has(id));
    }
    await db.syncMeta.put({
      entity: entity.name,
      cursor: latest(meta.cursor, objects),
      lastPulledAt: now,
      incremental: deleted !== undefined,
    });
  });
}
