import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  invalidPkMessage,
  type QuestionListItem,
  type questionCreatePayload,
  type questionListQuery,
  type questionUpdatePayload,
} from '../../src/lib/contract/question';
import type { ServerContext } from '../context';
import { prepared } from '../db/prepared';
import { created, toCount, touched } from '../db/rows';
import type { Database } from '../db/schema';
import { changedSince, recordDeletions, withDeletions } from '../http/changes';
import { fieldErrors } from '../http/errors';
import type { FileChanges } from '../http/form-body';
import type { MediaUrls } from '../http/media-urls';
import { paginate, paginateWith, type PageRequest } from '../http/pagination';
import { searchTerms, withSearch } from '../http/search';
import { removeFiles, removeReplaced, withStoredFiles } from '../http/stored-files';
import { found, ownedBy } from '../http/tenant';
import { BankPageCache } from './bank-pages';
import { CATEGORY_NAME, selectQuestions, toKeptQuestionListItem, toQuestionListItem, type QuestionRow } from './question-read';

// The question bank (the Question calls of the API). The answer shapes and the write rules are documented in
// src/lib/contract/question.ts; a question's image is `image` of its write's files.

type Deps = Pick<ServerContext, 'db' | 'clock' | 'uploads'> & {
  /**
   * Told of the quizzes whose questions were deleted, once committed: their live nodes are republished
   * (quizService's announceQuizzes; the quizzes are above the questions they hold, so it is handed in).
   */
  announceQuizzes: (clientId: number, quizIds: readonly number[]) => Promise<void>;
};

const questionCountRow = prepared((db: Kysely<Database>, clientId: number) =>
  db.selectFrom('question_counts').select(['count', 'version']).where('client_id', '=', clientId),
);

/**
 * How many questions the client has, and the version of its bank (both kept by triggers, see
 * migrations/0006_question_counts.ts and 0011_question_bank_version.ts).
 */
async function questionCountOf(db: Kysely<Database>, clientId: number): Promise<{ count: number; version: number }> {
  const [row] = await questionCountRow(db, clientId);
  return { count: toCount(row?.count), version: toCount(row?.version) };
}

/**
 * A page of the whole bank in id order (newest first, or oldest first for pages past the middle, which are
 * read from that end). The page's ids are found first on the (client_id, id) index alone, and only those
 * rows are read: OFFSET then steps over index entries rather than rows (about a third less time in SQLite
 * for a page in the middle of 5,000 questions). The portal's list asks for these most, so they are
 * compiled once (db/prepared.ts).
 */
function bankPage(direction: 'asc' | 'desc') {
  return prepared((db: Kysely<Database>, clientId: number, limit: number, offset: number) =>
    selectQuestions(db, clientId)
      .where(
        'questions.id',
        'in',
        db.selectFrom('questions').select('id').where('client_id', '=', clientId).orderBy('id', direction).limit(limit).offset(offset),
      )
      .orderBy('questions.id', direction),
  );
}
const newestQuestions = bankPage('desc');
const oldestQuestions = bankPage('asc');

export function questionService(deps: Deps) {
  const { db, clock, uploads, announceQuizzes } = deps;
  // One per app: the rows of the whole bank's pages, per client and bank version (bank-pages.ts).
  const bankPages = new BankPageCache();

  /** The caller's category by id, or 400 on the category field. */
  async function categoryOf(clientId: number, id: number): Promise<{ id: number; name: string }> {
    const row = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .$call(ownedBy('categories', clientId))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw fieldErrors({ category: [invalidPkMessage(id)] });
    return row;
  }

  /**
   * Deletes questions of the client, records the deletions and bumps the quizzes that held them (their
   * question lists change), so mirrors pulling quizzes with updated_after see it. Returns those quizzes'
   * ids: once committed, their live nodes are republished (question_count changed).
   */
  async function deleteQuestions(trx: Transaction<Database>, clientId: number, ids: number[]): Promise<number[]> {
    const changed = await trx
      .updateTable('quizzes')
      .set(touched(clock))
      .where('client_id', '=', clientId)
      .where('id', 'in', trx.selectFrom('quiz_questions').select('quiz_id').where('question_id', 'in', ids))
      .returning('id')
      .execute();
    await trx.deleteFrom('questions').where('client_id', '=', clientId).where('id', 'in', ids).execute();
    await recordDeletions(trx, clock, clientId, 'questions', ids);
    return changed.map((quiz) => quiz.id);
  }

  return {
    async list(clientId: number, query: z.output<typeof questionListQuery>, page: PageRequest, media: MediaUrls) {
      const since = query.updated_after;
      const toResult = (row: QuestionRow): QuestionListItem => toQuestionListItem(media, row);
      // People see the newest questions first. The whole bank, unfiltered, has its size kept per client
      // (question_counts): it is not counted again, and its pages are read by the prepared queries above
      // (the same SQL as the filtered query below with no filter), or found in bankPages.
      const unfiltered = since === undefined && query.category === undefined && searchTerms(query.search).length === 0;
      if (unfiltered) {
        // The version read with the count names the bank's state the page is kept under (bank-pages.ts).
        let version = 0;
        const toKeptResult = (row: QuestionRow): QuestionListItem => toKeptQuestionListItem(media, row);
        return paginateWith(page, {
          count: async () => {
            const kept = await questionCountOf(db, clientId);
            version = kept.version;
            return kept.count;
          },
          rows: async (limit, offset) =>
            (
              await bankPages.rowsOf({ clientId, version, direction: 'desc', limit, offset }, () =>
                newestQuestions(db, clientId, limit, offset),
              )
            ).map(toKeptResult),
          rowsFromEnd: async (limit, offset) =>
            (
              await bankPages.rowsOf({ clientId, version, direction: 'asc', limit, offset }, () =>
                oldestQuestions(db, clientId, limit, offset),
              )
            ).map(toKeptResult),
        });
      }
      let rows = selectQuestions(db, clientId)
        .$call(withSearch(query.search, ['questions.description', 'questions.hint', 'questions.options', CATEGORY_NAME]))
        .$call(changedSince('questions', since));
      if (query.category) rows = rows.where('questions.category_id', 'in', query.category);
      // A sync pull reads changes in the order they happened.
      if (since !== undefined) {
        const changes = await paginate(page, rows.orderBy('questions.updated_at').orderBy('questions.id'), toResult);
        return withDeletions(db, since, clientId, 'questions', changes);
      }
      return paginate(page, rows.orderBy('questions.id', 'desc'), toResult, { reversed: rows.orderBy('questions.id', 'asc') });
    },

    /** The client's question with its category's name, or 404. */
    async get(clientId: number, id: number): Promise<QuestionRow> {
      return found(await selectQuestions(db, clientId).where('questions.id', '=', id).executeTakeFirst());
    },

    async create(clientId: number, payload: z.output<typeof questionCreatePayload>, { files }: FileChanges<'image'>): Promise<QuestionRow> {
      const category = await categoryOf(clientId, payload.category);
      // The image is stored only now that everything else is valid, and removed again if the insert fails.
      const row = await withStoredFiles(uploads, files, (stored) =>
        db
          .insertInto('questions')
          .values({
            description: payload.description,
            hint: payload.hint,
            options: payload.options,
            correct_option: payload.correct_option,
            category_id: category.id,
            image: stored.image ?? null,
            ...created(clock, clientId),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return { ...row, category_name: category.name };
    },

    async update(
      clientId: number,
      current: QuestionRow,
      payload: z.output<typeof questionUpdatePayload>,
      image: FileChanges<'image'>,
    ): Promise<QuestionRow> {
      const category =
        payload.category === undefined
          ? { id: current.category_id, name: current.category_name }
          : await categoryOf(clientId, payload.category);
      const row = await withStoredFiles(uploads, image.files, (stored) =>
        db
          .updateTable('questions')
          .set({
            ...(payload.description !== undefined ? { description: payload.description } : {}),
            ...(payload.hint !== undefined ? { hint: payload.hint } : {}),
            ...(payload.options !== undefined ? { options: payload.options } : {}),
            ...(payload.correct_option !== undefined ? { correct_option: payload.correct_option } : {}),
            category_id: category.id,
            image: stored.image ?? (image.clears.image ? null : current.image),
            ...touched(clock),
          })
          .where('id', '=', current.id)
          .where('client_id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      await removeReplaced(uploads, ['image'], current, row);
      return { ...row, category_name: category.name };
    },

    async remove(clientId: number, current: QuestionRow): Promise<void> {
      const quizIds = await db.transaction().execute((trx) => deleteQuestions(trx, clientId, [current.id]));
      await removeFiles(uploads, [current.image]);
      await announceQuizzes(clientId, quizIds);
    },

    /** Deletes questions all or nothing: one unknown or foreign id answers 400 and nothing is deleted. */
    async removeMany(clientId: number, questionIds: readonly number[]): Promise<number[]> {
      const ids = [...new Set(questionIds)];
      const { images, quizIds } = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('questions')
          .select(['id', 'image'])
          .$call(ownedBy('questions', clientId))
          .where('id', 'in', ids)
          .execute();
        const owned = new Set(rows.map((row) => row.id));
        const missing = ids.filter((id) => !owned.has(id));
        if (missing.length > 0) throw fieldErrors({ questions: missing.map(invalidPkMessage) });
        return { images: rows.map((row) => row.image), quizIds: await deleteQuestions(trx, clientId, ids) };
      });
      await removeFiles(uploads, images);
      await announceQuizzes(clientId, quizIds);
      return ids;
    },
  };
}
