import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { portalDatabase } from '../../local/db';
import { findRowByKey } from '../../local/keys';
import { appSyncEngine } from '../../sync';
import type { CategoryRow } from './category-rows';

/** Every mirrored category (undefined while the database opens); updates live as sync or other tabs change it. */
export function useCategories(): CategoryRow[] | undefined {
  // The categories table holds CategoryRow objects; Dexie types every mirror table alike.
  return useLiveQuery(async () => (await portalDatabase().categories.toArray()) as CategoryRow[]);
}

/** The category a route key names (server or local id): undefined while loading, null when there is none. */
export function useCategory(key: string | undefined): CategoryRow | null | undefined {
  return useLiveQuery(
    async () => ((key ? await findRowByKey(portalDatabase(), 'categories', key) : undefined) ?? null) as CategoryRow | null,
    [key],
  );
}

/**
 * A screen opened on a category's local id moves to its server id once the server assigns it, so the
 * address stays valid after sync (a reload, a bookmark).
 */
export function useFollowAssignedId(key: string | undefined, pathFor: (key: string) => string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!key) return;
    return appSyncEngine().onIdAssigned(({ entity, localId, serverId }) => {
      if (entity === 'categories' && localId === key) navigate(pathFor(String(serverId)), { replace: true });
    });
  }, [key, navigate, pathFor]);
}
