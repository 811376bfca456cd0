import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  bulkDeleteQuestionsPayload,
  invalidPkMessage,
  questionCreatePayload,
  questionUpdatePayload,
  type BulkDeleteQuestionsResponse,
  type QuestionDetail,
  type QuestionListItem,
} from '../../src/lib/contract/question';
import { optionMap, optionsList } from '../../src/lib/options-codec';
import type { ServerContext } from '../context';
import { created, toCount, touched } from '../db/rows';
import type { Database, QuestionTable } from '../db/schema';
import { changedSince, recordDeletions, updatedAfterOf, withDeletions } from '../http/changes';
import { checkIfMatch, withEtag } from '../http/etag';
import { fieldErrors, parseBody } from '../http/errors';
import { paginate } from '../http/pagination';
import { protect } from '../http/protect';
import { searchTerms, withSearch } from '../http/search';
import { clientIdOf, found, ownedBy, parseId } from '../http/tenant';
import { mediaUrl, readForm, requireImage, type FormData, type UploadStore } from '../http/uploads';
import { quizService } from '../quizzes/quiz-service';

// Spec §7 Question. The response shapes and the write rules are documented in src/lib/contract/question.ts.

type QuestionRow = Selectable<QuestionTable> & { category_name: string };

function commonFields(request: FastifyRequest, row: QuestionRow) {
  return {
    id: row.id,
    client: row.client_id,
    description: row.description,
    hint: row.hint,
    image: mediaUrl(request, row.image),
    option_map: optionMap(row.options),
    correct_option: row.correct_option,
    category: row.category_id,
    category_detail: [{ id: row.category_id, name: row.category_name }],
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

export function toQuestionListItem(request: FastifyRequest, row: QuestionRow): QuestionListItem {
  return { ...commonFields(request, row), options: row.options };
}

export function toQuestionDetail(request: FastifyRequest, row: QuestionRow): QuestionDetail {
  return { ...commonFields(request, row), options: optionsList(row.options) };
}

/**
 * A question's category name. A subquery, not a join: it runs only for the rows of the page, so counting
 * and skipping to page N read the (client_id, id) index alone (a join cost every row of the bank).
 */
const CATEGORY_NAME = sql<string>`(select categories.name from categories where categories.id = questions.category_id)`;

/** The caller's questions with their category's name, ready for toQuestion*(). */
export function selectQuestions(db: Kysely<Database>, clientId: number) {
  return db.selectFrom('questions').selectAll('questions').select(CATEGORY_NAME.as('category_name')).$call(ownedBy('questions', clientId));
}

/** Questions by id as the list shows them, in the order of `ids` (for a quiz's questions_detail); unknown ids are skipped. */
export async function questionListItems(
  db: Kysely<Database>,
  request: FastifyRequest,
  clientId: number,
  ids: readonly number[],
): Promise<QuestionListItem[]> {
  if (ids.length === 0) return [];
  const rows = await selectQuestions(db, clientId)
    .where('questions.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toQuestionListItem(request, row)] : [];
  });
}

/** How many questions the client has (kept by triggers, see migrations/0006_question_counts.ts). */
async function questionCountOf(db: Kysely<Database>, clientId: number): Promise<number> {
  const row = await db.selectFrom('question_counts').select('count').where('client_id', '=', clientId).executeTakeFirst();
  return toCount(row?.count);
}

const INVALID_CATEGORY_FILTER = 'Select a valid choice. That choice is not one of the available choices.';

/** `?category=3`, `?category=3,5` or `?category=3&category=5`; undefined when absent. */
function categoryFilterOf(request: FastifyRequest): number[] | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.category;
  if (raw === undefined || raw === '') return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => String(value).split(',')).map((part) => part.trim());
  if (!parts.every((part) => /^[0-9]{1,15}$/.test(part))) throw fieldErrors({ category: [INVALID_CATEGORY_FILTER] });
  return parts.map(Number);
}

/** What a PATCH asks of the image: keep it, remove it, or store a new file. */
type ImageChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'replace'; file: NonNullable<FormData['files'][string]> };

function imageChangeOf(request: FastifyRequest, form: FormData): ImageChange {
  const file = form.files.image;
  if (file) return { kind: 'replace', file };
  const clear = form.fields.image_clear;
  if (typeof clear === 'string' && ['true', '1', 'on'].includes(clear.toLowerCase())) return { kind: 'clear' };
  // A JSON null is dropped by readForm, so it is read from the body itself.
  const jsonImage = request.isMultipart() ? undefined : (request.body as Record<string, unknown> | null | undefined)?.image;
  if (jsonImage === null || form.fields.image === '') return { kind: 'clear' };
  return { kind: 'keep' };
}

async function removeUpload(uploads: UploadStore, name: string | null | undefined): Promise<void> {
  // A file already gone is what we wanted; a leftover file is harmless, a failed request is not.
  if (name) await uploads.remove(name).catch(() => undefined);
}

export const questionRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db, clock, uploads } = ctx;
  protect(app, ctx);
  // Deleting questions changes the quizzes that held them: their live nodes are republished.
  const quizzes = quizService(ctx);

  const load = (clientId: number, id: number) => selectQuestions(db, clientId).where('questions.id', '=', id).executeTakeFirst();

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

  /** Runs a write that references a newly stored image, removing the file when the write fails. */
  async function withStoredImage<T>(storedImage: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await removeUpload(uploads, storedImage);
      throw error;
    }
  }

  /**
   * Deletes questions of the client, records the deletions and bumps the quizzes that held them (their
   * question lists change), so mirrors pulling quizzes with updated_after see it. Returns those quizzes'
   * ids: once committed, their live nodes are republished (question_count changed).
   */
  async function deleteQuestions(trx: Transaction<Database>, clientId: number, ids: number[]): Promise<number[]> {
    const quizzes = await trx
      .updateTable('quizzes')
      .set(touched(clock))
      .where('client_id', '=', clientId)
      .where('id', 'in', trx.selectFrom('quiz_questions').select('quiz_id').where('question_id', 'in', ids))
      .returning('id')
      .execute();
    await trx.deleteFrom('questions').where('client_id', '=', clientId).where('id', 'in', ids).execute();
    await recordDeletions(trx, clock, clientId, 'questions', ids);
    return quizzes.map((quiz) => quiz.id);
  }

  app.get('/api/v1/questions/', async (request) => {
    const clientId = clientIdOf(request);
    const since = updatedAfterOf(request);
    const categories = categoryFilterOf(request);
    let query = selectQuestions(db, clientId)
      .$call(withSearch(request, ['questions.description', 'questions.hint', 'questions.options', CATEGORY_NAME]))
      .$call(changedSince('questions', since));
    if (categories) query = query.where('questions.category_id', 'in', categories);
    const toResult = (row: QuestionRow) => toQuestionListItem(request, row);
    // A sync pull reads changes in the order they happened.
    if (since !== undefined)
      return withDeletions(
        db,
        request,
        clientId,
        'questions',
        await paginate(request, query.orderBy('questions.updated_at').orderBy('questions.id'), toResult),
      );
    // People see the newest questions first. The whole bank, unfiltered, has its size kept per client
    // (question_counts): it is not counted again.
    const unfiltered = categories === undefined && searchTerms((request.query as Record<string, unknown> | undefined)?.search).length === 0;
    return paginate(request, query.orderBy('questions.id', 'desc'), toResult, {
      reversed: query.orderBy('questions.id', 'asc'),
      ...(unfiltered && { count: () => questionCountOf(db, clientId) }),
    });
  });

  app.get<{ Params: { id: string } }>('/api/v1/questions/:id/', async (request, reply) => {
    const row = found(await load(clientIdOf(request), parseId(request.params.id)));
    return withEtag(reply, row.version, toQuestionDetail(request, row));
  });

  app.post('/api/v1/questions/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const form = await readForm(request);
    const payload = parseBody(questionCreatePayload, form.fields);
    const category = await categoryOf(clientId, payload.category);
    const file = form.files.image;
    if (file) await requireImage(file);
    // Stored only now that everything else is valid; removed again if the insert fails.
    const image = file ? await uploads.saveImage(file) : null;
    const row = await withStoredImage(image, () =>
      db
        .insertInto('questions')
        .values({
          description: payload.description,
          hint: payload.hint,
          options: payload.options,
          correct_option: payload.correct_option,
          category_id: category.id,
          image,
          ...created(clock, clientId),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const body = toQuestionDetail(request, { ...row, category_name: category.name });
    return reply.code(201).send(withEtag(reply, row.version, body));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/questions/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, toQuestionDetail(request, current));
    const form = await readForm(request);
    const payload = parseBody(questionUpdatePayload, form.fields);
    const category =
      payload.category === undefined
        ? { id: current.category_id, name: current.category_name }
        : await categoryOf(clientId, payload.category);
    const imageChange = imageChangeOf(request, form);
    if (imageChange.kind === 'replace') await requireImage(imageChange.file);
    const image =
      imageChange.kind === 'replace' ? await uploads.saveImage(imageChange.file) : imageChange.kind === 'clear' ? null : current.image;
    const row = await withStoredImage(imageChange.kind === 'replace' ? image : null, () =>
      db
        .updateTable('questions')
        .set({
          ...(payload.description !== undefined ? { description: payload.description } : {}),
          ...(payload.hint !== undefined ? { hint: payload.hint } : {}),
          ...(payload.options !== undefined ? { options: payload.options } : {}),
          ...(payload.correct_option !== undefined ? { correct_option: payload.correct_option } : {}),
          category_id: category.id,
          image,
          ...touched(clock),
        })
        .where('id', '=', current.id)
        .where('client_id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    if (current.image !== image) await removeUpload(uploads, current.image);
    return withEtag(reply, row.version, toQuestionDetail(request, { ...row, category_name: category.name }));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/questions/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, toQuestionDetail(request, current));
    const quizIds = await db.transaction().execute((trx) => deleteQuestions(trx, clientId, [current.id]));
    await removeUpload(uploads, current.image);
    await quizzes.announceQuizzes(clientId, quizIds);
    return reply.code(204).send();
  });

  app.post('/api/v1/bulk-delete-questions/', async (request): Promise<BulkDeleteQuestionsResponse> => {
    const clientId = clientIdOf(request);
    const body = request.isMultipart() ? (await readForm(request)).fields : request.body;
    const ids = [...new Set(parseBody(bulkDeleteQuestionsPayload, body).questions)];
    // All or nothing: one unknown or foreign id answers 400 and nothing is deleted.
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
      const quizIds = await deleteQuestions(trx, clientId, ids);
      return { images: rows.map((row) => row.image), quizIds };
    });
    for (const image of images) await removeUpload(uploads, image);
    await quizzes.announceQuizzes(clientId, quizIds);
    return { deleted: ids };
  });
};
