import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { portalDatabase, type OutboxEntry } from '../../local/db';
import { findRowByKey, isLocalKey } from '../../local/keys';
import { appSyncEngine } from '../../sync';
import type { CategoryChoice, QuestionRow } from './question-rows';

/** Every mirrored question (undefined while the database opens); updates live as sync or other tabs change it. */
export function useQuestions(): QuestionRow[] | undefined {
  // The questions table holds QuestionRow objects; Dexie types every mirror table alike.
  return useLiveQuery(async () => (await portalDatabase().questions.toArray()) as QuestionRow[]);
}

/** The question a route key names (server or local id): undefined while loading, null when there is none. */
export function useQuestion(key: string | undefined): QuestionRow | null | undefined {
  return useLiveQuery(
    async () => ((key ? await findRowByKey(portalDatabase(), 'questions', key) : undefined) ?? null) as QuestionRow | null,
    [key],
  );
}

/** Every mirrored category by name, including ones created on this device and not yet synced. */
export function useCategoryChoices(): CategoryChoice[] | undefined {
  return useLiveQuery(async () => (await portalDatabase().categories.orderBy('name').toArray()) as CategoryChoice[]);
}

/** The change of this question the server refused, if any (its field errors go under the form's fields). */
export function useRefusedChange(localId: string | undefined): OutboxEntry | undefined {
  return useLiveQuery(
    async () =>
      localId
        ? (await portalDatabase().outbox.where('localId').equals(localId).toArray()).find((entry) => entry.status === 'failed')
        : undefined,
    [localId],
  );
}

/**
 * A page opened on a question's local id moves to its server id once the server assigns it (also when
 * opened after the sync), so the address stays valid after a reload or as a bookmark.
 */
export function useCanonicalQuestionPath(
  key: string | undefined,
  row: QuestionRow | null | undefined,
  pathFor: (key: string) => string,
): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!key) return;
    return appSyncEngine().onIdAssigned(({ entity, localId, serverId }) => {
      if (entity === 'questions' && localId === key) navigate(pathFor(String(serverId)), { replace: true });
    });
  }, [key, navigate, pathFor]);
  useEffect(() => {
    if (key && row && isLocalKey(key) && row.serverId !== null) navigate(pathFor(String(row.serverId)), { replace: true });
  }, [key, row, navigate, pathFor]);
}
