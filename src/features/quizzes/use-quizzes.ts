import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { portalDatabase, type MirrorRow } from '../../local/db';
import { findRowByKey } from '../../local/keys';
import { appSyncEngine } from '../../sync';
import type { ListedQuizzes, QuizQuestionRow, QuizRow } from './quiz-rows';

/**
 * Every mirrored quiz, live as sync or other tabs change them, with whether their first pull is done (undefined
 * while the database opens). One read transaction for both, as the pull writes both in one: the screen never
 * sees the pull's flag without the rows it brought.
 */
export function useListedQuizzes(): ListedQuizzes | undefined {
  return useLiveQuery(() => {
    const db = portalDatabase();
    return db.transaction('r', db.quizzes, db.syncMeta, async () => ({
      // The quizzes table holds QuizRow objects; Dexie types every mirror table alike.
      rows: (await db.quizzes.toArray()) as QuizRow[],
      pulledOnce: ((await db.syncMeta.get('quizzes'))?.lastPulledAt ?? null) !== null,
    }));
  });
}

/** The quiz a route key names (server or local id): undefined while loading, null when there is none. */
export function useQuiz(key: string | undefined): QuizRow | null | undefined {
  return useLiveQuery(
    async () => ((key ? await findRowByKey(portalDatabase(), 'quizzes', key) : undefined) ?? null) as QuizRow | null,
    [key],
  );
}

/** The question bank for the picker, in the questions list's order (newest first, not yet synced first). */
export function useQuestionBank(): QuizQuestionRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await portalDatabase().questions.toArray()) as QuizQuestionRow[];
    return rows.sort((a, b) => (b.serverId ?? Number.MAX_SAFE_INTEGER) - (a.serverId ?? Number.MAX_SAFE_INTEGER));
  });
}

export type CategoryChoice = MirrorRow & { name: string };

/** The categories for the picker's filter, by name. */
export function useCategoryChoices(): CategoryChoice[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await portalDatabase().categories.toArray()) as CategoryChoice[];
    return rows.sort((a, b) => a.name.localeCompare(b.name));
  });
}

/** The failed change of a quiz, if the server refused it: its field errors go under the form's fields. */
export function useRefusedChange(localId: string | undefined): Record<string, string[]> | null | undefined {
  return useLiveQuery(async () => {
    if (!localId) return null;
    const entries = await portalDatabase().outbox.where('localId').equals(localId).toArray();
    return entries.find((entry) => entry.status === 'failed')?.lastError?.fieldErrors ?? null;
  }, [localId]);
}

/** A page opened on a quiz's local id moves to its server id once the server assigns it. */
export function useFollowAssignedQuizId(key: string | undefined, pathFor: (key: string) => string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!key) return;
    return appSyncEngine().onIdAssigned(({ entity, localId, serverId }) => {
      if (entity === 'quizzes' && localId === key) navigate(pathFor(String(serverId)), { replace: true });
    });
  }, [key, navigate, pathFor]);
}
