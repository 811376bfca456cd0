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

/** What the server answered for one entity, not yet in the mirror. */
export interface FetchedEntity {
  entity: SyncedEntity;
  meta: SyncMeta;
  objects: ServerObject[];
  deleted: number[] | undefined;
}

/**
 * Reads the server's rows of one entity: every page, or only what changed since the last pull when the server
 * offers `updated_after` (it then answers with `deleted`). Writes nothing: see applyPulled.
 */
export async function fetchEntity(db: PortalDatabase, client: KyInstance, entity: SyncedEntity): Promise<FetchedEntity> {
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
  return { entity, meta, objects, deleted };
}

/**
 * Brings what fetchEntity read into the mirror. A server without `updated_after` sent everything, and rows it no
 * longer has are dropped here.
 */
export async function applyPulled(db: PortalDatabase, { entity, meta, objects, deleted }: FetchedEntity, now: number): Promise<void> {
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

/**
 * Brings the server's rows of the given entities into the mirror. The requests all leave at once (on a phone's
 * network each is a round trip, and one after the other they held a first List Quiz back by four of them); the
 * rows are written in the entities' order, referenced entities first, as they were when pulled one by one.
 */
export async function pullEntities(db: PortalDatabase, client: KyInstance, entities: readonly SyncedEntity[], now: number): Promise<void> {
  const fetches = entities.map((entity) => fetchEntity(db, client, entity));
  // Each is awaited in turn below; a failure met while an earlier one is awaited is not "unhandled" meanwhile.
  for (const fetch of fetches) fetch.catch(() => undefined);
  for (const fetch of fetches) await applyPulled(db, await fetch, now);
}
