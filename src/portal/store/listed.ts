import { useLiveQuery } from 'dexie-react-hooks';
import { portalDatabase } from '../local/db';
import type { Mirror, RowBookkeeping } from './mirror';
import type { SyncStatus } from './sync';

/** What a list screen reads from the mirror: every row, and whether this device has pulled them at least once. */
export interface Listed<Row> {
  rows: Row[];
  pulledOnce: boolean;
}

/**
 * Every mirrored row of the entity, live as sync or other tabs change them, with whether its first pull is done
 * (undefined while the database opens). One read transaction for both, as the pull writes both in one: the screen
 * never sees the pull's flag without the rows it brought.
 */
export function useListedRows<Row extends RowBookkeeping>(mirror: Mirror<Row>): Listed<Row> | undefined {
  return useLiveQuery(() => {
    const db = portalDatabase();
    return db.transaction('r', mirror.table(), db.syncMeta, async () => ({
      rows: await mirror.table().toArray(),
      pulledOnce: ((await db.syncMeta.get(mirror.entity))?.lastPulledAt ?? null) !== null,
    }));
  }, [mirror]);
}

/** Whether sync is about to pull: online, signed in, and its last run did not fail. */
export function pullExpected(status: Pick<SyncStatus, 'online' | 'needsSignIn' | 'lastError'>): boolean {
  return status.online && !status.needsSignIn && status.lastError === null;
}

/**
 * Whether a list says "Loading…" instead of its table: while the database opens, and on a device that has never
 * pulled the entity while a pull is under way (an empty state first, then the pulled rows pushing the pager down
 * the screen). Offline, or when sync cannot pull, an empty mirror shows the empty state: no endless loading.
 */
export function listLoading(listed: Listed<unknown> | undefined, pullIsExpected: boolean): boolean {
  if (listed === undefined) return true;
  return listed.rows.length === 0 && !listed.pulledOnce && pullIsExpected;
}
