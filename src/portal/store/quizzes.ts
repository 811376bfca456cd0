import { useLiveQuery } from 'dexie-react-hooks';
import type { QuizDetail, QuizSummary } from '../../lib/contract/quiz';
import { portalDatabase } from '../local/db';
import { applyWriteAnswer } from '../sync/mirror';
import { questionsMirror, type QuestionRow } from './questions';
import { useListedRows, type Listed } from './listed';
import { findRow, mirrorOf, queueCreate, queueDelete, queueUpdate, useRow, type MirrorOf } from './mirror';
import type { CreatePayload, UpdatePayload } from '../local/payloads';

/**
 * A mirrored quiz: the contract's quiz. `questions` holds server ids, or local question keys for questions
 * not yet on the server; a quiz created here lacks the server-made fields until it syncs.
 */
export type QuizRow = MirrorOf<
  QuizSummary,
  'name' | 'mode' | 'status' | 'qs_timer' | 'before_qs_timer' | 'join_code' | 'start_date_time' | 'end_date_time',
  { questions: (number | string)[] }
>;

/** What Create Quiz queues: `questions` in the quiz's order, as server ids or local question keys. */
export type NewQuiz = CreatePayload<'quizzes'>;
/** What Edit Quiz queues: the fields it sends. */
export type QuizChanges = UpdatePayload<'quizzes'>;

export const quizzesMirror = mirrorOf<QuizRow, 'quizzes'>('quizzes');

/** What List Quiz reads from the mirror: every quiz, and whether this device has pulled the quizzes at least once. */
export type ListedQuizzes = Listed<QuizRow>;

/** Every mirrored quiz, live, with whether their first pull is done (undefined while the database opens). */
export const useListedQuizzes = (): ListedQuizzes | undefined => useListedRows(quizzesMirror);

/** Every mirrored quiz (the report filters, the dashboard). */
export function useQuizzes(): QuizRow[] | undefined {
  return useLiveQuery(() => quizzesMirror.table().toArray());
}

/** The quiz a route key names (server or local id): undefined while loading, null when there is none. */
export const useQuiz = (key: string | undefined): QuizRow | null | undefined => useRow(quizzesMirror, key);

export const findQuiz = (key: string | number) => findRow(quizzesMirror, key);

/** The question bank for the quiz picker, in the questions list's order (newest first, not yet synced first). */
export function useQuestionBank(): QuestionRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await questionsMirror.table().toArray();
    return rows.sort((a, b) => (b.serverId ?? Number.MAX_SAFE_INTEGER) - (a.serverId ?? Number.MAX_SAFE_INTEGER));
  });
}

export const createQuiz = (payload: NewQuiz) => queueCreate(quizzesMirror, payload);
export const updateQuiz = (localId: string, changes: QuizChanges) => queueUpdate(quizzesMirror, localId, changes);
export const deleteQuiz = (localId: string) => queueDelete(quizzesMirror, localId);

/**
 * A live control's answer (status, step, reset: online only, never queued) goes straight into the mirror,
 * so the row shows the new state without waiting for the next pull.
 */
export async function mirrorQuizAnswer(localId: string, answer: QuizDetail): Promise<void> {
  const db = portalDatabase();
  await db.transaction('rw', db.syncTables(), () => applyWriteAnswer(db, 'quizzes', localId, answer));
}
