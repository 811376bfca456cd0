import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLocalKey } from '../local/keys';
import { appSyncEngine } from '../sync';
import type { Mirror, RowBookkeeping } from './mirror';

/**
 * A page opened on a row's local id moves to its server id once known: when the server assigns it while the
 * page is open, or when it was assigned before the page opened (`serverId` of the row read). The address
 * then stays valid after sync (a reload, a bookmark). The only place this is written.
 */
export function useFollowServerId<Row extends RowBookkeeping>(
  mirror: Mirror<Row>,
  key: string | undefined,
  serverId: number | null | undefined,
  pathFor: (key: string) => string,
): void {
  const navigate = useNavigate();
  const { entity } = mirror;
  useEffect(() => {
    if (!key) return;
    return appSyncEngine().onIdAssigned((event) => {
      if (event.entity === entity && event.localId === key) navigate(pathFor(String(event.serverId)), { replace: true });
    });
  }, [entity, key, navigate, pathFor]);
  useEffect(() => {
    if (key && isLocalKey(key) && serverId !== null && serverId !== undefined) navigate(pathFor(String(serverId)), { replace: true });
  }, [key, serverId, navigate, pathFor]);
}
