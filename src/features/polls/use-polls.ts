import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EntityName } from '../../local/db';
import { portalDatabase } from '../../local/db';
import { findRowByKey, isLocalKey } from '../../local/keys';
import { appSyncEngine } from '../../sync';
import { isChoiceOf, orderedChoices, type ChoiceRow, type PollRow } from './poll-rows';

// Dexie types every mirror table alike; the polls and pollChoices tables hold these rows.

export function usePolls(): PollRow[] | undefined {
  return useLiveQuery(async () => (await portalDatabase().polls.toArray()) as PollRow[]);
}

/** The poll a route key names (server or local id): undefined while loading, null when there is none. */
export function usePoll(key: string | undefined): PollRow | null | undefined {
  return useLiveQuery(
    async () => ((key ? await findRowByKey(portalDatabase(), 'polls', key) : undefined) ?? null) as PollRow | null,
    [key],
  );
}

export function useChoice(key: string | undefined): ChoiceRow | null | undefined {
  return useLiveQuery(
    async () => ((key ? await findRowByKey(portalDatabase(), 'pollChoices', key) : undefined) ?? null) as ChoiceRow | null,
    [key],
  );
}

/** The poll's choices, also those added offline to a poll still waiting to sync. */
export function useChoices(poll: PollRow | null | undefined): ChoiceRow[] | undefined {
  return useLiveQuery(async () => {
    if (!poll) return [];
    const keys: (string | number)[] = poll.serverId === null ? [poll.localId] : [poll.localId, poll.serverId];
    const rows = (await portalDatabase().pollChoices.where('question').anyOf(keys).toArray()) as ChoiceRow[];
    return orderedChoices(rows.filter((row) => isChoiceOf(row, poll)));
  }, [poll?.localId, poll?.serverId]);
}

/** The server's field errors of the row's refused change, shown under the form's fields until fixed. */
export function useRefusedFieldErrors(localId: string | undefined): Record<string, string[]> {
  return (
    useLiveQuery(async () => {
      if (!localId) return {};
      const entries = await portalDatabase().outbox.where('localId').equals(localId).toArray();
      return entries.find((entry) => entry.status === 'failed')?.lastError?.fieldErrors ?? {};
    }, [localId]) ?? {}
  );
}

/**
 * A page opened on a row's local id moves to its server id once known (when the server assigns it
 * while the page is open, or when it was assigned before), so the address stays valid after sync.
 */
export function useCanonicalPath(
  entity: EntityName,
  key: string | undefined,
  serverId: number | null | undefined,
  pathFor: (key: string) => string,
): void {
  const navigate = useNavigate();
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
