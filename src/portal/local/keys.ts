import { randomUuid } from '../../lib/random-uuid';
import type { EntityName, MirrorRow, PortalDatabase } from './db';

const LOCAL_PREFIX = 'local-';
const SERVER_PREFIX = 's-';

export function newLocalId(): string {
  return `${LOCAL_PREFIX}${randomUuid()}`;
}

export function serverKey(serverId: number): string {
  return `${SERVER_PREFIX}${serverId}`;
}

export function isLocalKey(key: string): boolean {
  return key.startsWith(LOCAL_PREFIX);
}

/** The server id a "s-<id>" key stands for; null for local keys. */
export function serverIdFromKey(key: string): number | null {
  if (!key.startsWith(SERVER_PREFIX)) return null;
  const id = Number(key.slice(SERVER_PREFIX.length));
  return Number.isInteger(id) ? id : null;
}

/** The key to put in a route: the server id once known, the local id before. */
export function routeKeyOf(row: Pick<MirrorRow, 'localId' | 'serverId'>): string {
  return row.serverId === null ? row.localId : String(row.serverId);
}

/**
 * The row a route key (or a reference value) designates: a server id ("12" or 12), a "s-12" key,
 * or a local id, also after the server has given that row its id.
 */
export async function findRowByKey(db: PortalDatabase, entity: EntityName, key: string | number): Promise<MirrorRow | undefined> {
  const text = String(key);
  const serverId = /^\d+$/.test(text) ? Number(text) : serverIdFromKey(text);
  const table = db.mirror(entity);
  if (serverId === null) return table.get(text);
  return (await table.where('serverId').equals(serverId).first()) ?? table.get(serverKey(serverId));
}

/** The server id of a row key, if the server has assigned one (also for rows deleted since). */
export async function serverIdOf(db: PortalDatabase, entity: EntityName, localId: string): Promise<number | null> {
  const fromKey = serverIdFromKey(localId);
  if (fromKey !== null) return fromKey;
  const mapping = await db.idMap.get([entity, localId]);
  if (mapping) return mapping.serverId;
  return (await db.mirror(entity).get(localId))?.serverId ?? null;
}
