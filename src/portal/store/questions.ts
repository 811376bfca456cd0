import type { QuestionListItem } from '../../lib/contract/question';
import type { OptionMap } from '../../lib/options-codec';
import { allCategories, createCategory, type CategoryRow } from './categories';
import {
  findRow,
  mirrorOf,
  queueBulkDelete,
  queueCreate,
  queueDelete,
  queueTogether,
  queueUpdate,
  useRow,
  useRows,
  type MirrorOf,
} from './mirror';
import type { CreatePayload, UpdatePayload } from '../local/payloads';
import { useListedRows, type Listed } from './listed';

/**
 * A mirrored question: the contract's question. Rows from the server carry `option_map` and the options
 * text (a list of 'A: text' after a create or edit answer); a row changed on this device carries the
 * options text it queued, and its image as a File until the server stores it.
 */
export type QuestionRow = MirrorOf<
  QuestionListItem,
  'description' | 'correct_option',
  {
    image?: string | Blob | null;
    options?: string | string[];
    option_map?: OptionMap;
    /** The category's server id, or its local id while it is not on the server yet. */
    category: number | string;
  }
>;

/** What Add Question queues; `category` may be a category's local id (the question then waits for it). */
export type NewQuestion = CreatePayload<'questions'>;
/** What Edit Question queues: the changed fields, a new image or its removal. */
export type QuestionChanges = UpdatePayload<'questions'>;

export const questionsMirror = mirrorOf<QuestionRow, 'questions'>('questions');

/** Every mirrored question, live, with whether their first pull is done (List Questions; undefined while the database opens). */
export const useListedQuestions = (): Listed<QuestionRow> | undefined => useListedRows(questionsMirror);

/** Every mirrored question (undefined while the database opens); updates live as sync or other tabs change it. */
export const useQuestions = (): QuestionRow[] | undefined => useRows(questionsMirror);

/** The question a route key or reference names (server or local id): undefined while loading, null when there is none. */
export const useQuestion = (key: string | number | null | undefined): QuestionRow | null | undefined => useRow(questionsMirror, key);

export const findQuestion = (key: string | number) => findRow(questionsMirror, key);
export const allQuestions = (): Promise<QuestionRow[]> => questionsMirror.table().toArray();

/** Queues a question's create; `category` may be a category's local id (the question then waits for it). */
export const createQuestion = (payload: NewQuestion) => queueCreate(questionsMirror, payload);
export const updateQuestion = (localId: string, changes: QuestionChanges) => queueUpdate(questionsMirror, localId, changes);
export const deleteQuestion = (localId: string) => queueDelete(questionsMirror, localId);
export const deleteQuestions = (localIds: readonly string[]) => queueBulkDelete(questionsMirror, localIds);

/** A question to queue with its category by name (an import's row). */
export interface QuestionByCategoryName {
  categoryName: string;
  payload: Omit<NewQuestion, 'category'>;
}

/**
 * Queues questions naming their category by name, in one transaction (all or nothing): a category no row
 * has yet is created first (names compared as the server does, case-insensitively), then each question
 * references its category by key. Everything goes through the outbox, so it works offline.
 */
export async function createQuestionsByCategoryName(
  questions: readonly QuestionByCategoryName[],
  nameKey: (name: string) => string,
  newNames: (categories: readonly CategoryRow[]) => readonly string[],
): Promise<void> {
  await queueTogether(async () => {
    const categories = await allCategories();
    const keys = new Map(categories.map((category) => [nameKey(category.name), category.serverId ?? category.localId] as const));
    for (const name of newNames(categories)) {
      const created = await createCategory({ name });
      keys.set(nameKey(name), created.localId);
    }
    for (const { categoryName, payload } of questions) {
      const category = keys.get(nameKey(categoryName));
      // newNames names every category the rows need that no row has, so each has a key by now.
      if (category === undefined) throw new Error(`The import found no category named ${categoryName}.`);
      await createQuestion({ ...payload, category });
    }
  });
}
