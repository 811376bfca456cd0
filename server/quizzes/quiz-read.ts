import type { Kysely, Selectable } from 'kysely';
import type { QuizDetail, QuizSummary } from '../../src/lib/contract/quiz';
import { toBool, toCount } from '../db/rows';
import type { Database, QuizTable } from '../db/schema';
import { changedSince, withDeletions } from '../http/changes';
import type { MediaUrls } from '../http/media-urls';
import { paginate, type PageRequest } from '../http/pagination';
import { withSearch } from '../http/search';
import { found, ownedBy } from '../http/tenant';
import { questionListItems } from '../questions/question-read';
import type { QuizLiveState } from '../live/quiz-events';

// Reads quizzes and turns their rows into the answers of the API (see src/lib/contract/quiz.ts). Lists load
// the question ids and attempt counts of a whole page in two queries, not one per row.

export type QuizRow = Selectable<QuizTable>;

const SEARCHED = ['quizzes.name', 'quizzes.description', 'quizzes.join_code', 'quizzes.quiz_hash', 'quizzes.sponsor_name'];

export function loadQuiz(db: Kysely<Database>, clientId: number, id: number): Promise<QuizRow | undefined> {
  return db.selectFrom('quizzes').selectAll().$call(ownedBy('quizzes', clientId)).where('id', '=', id).executeTakeFirst();
}

/** The client's quiz, or 404. */
export async function getQuiz(db: Kysely<Database>, clientId: number, id: number): Promise<QuizRow> {
  return found(await loadQuiz(db, clientId, id));
}

/** A page of List Quiz rows: newest quiz first; with `?updated_after=` oldest change first plus `deleted`. */
export async function listQuizzes(
  db: Kysely<Database>,
  clientId: number,
  query: { search?: string; updated_after?: string },
  page: PageRequest,
  media: MediaUrls,
) {
  const since = query.updated_after;
  const rows = db
    .selectFrom('quizzes')
    .selectAll()
    .$call(ownedBy('quizzes', clientId))
    .$call(withSearch(query.search, SEARCHED))
    .$call(changedSince('quizzes', since));
  const ordered = since === undefined ? rows.orderBy('id', 'desc') : rows.orderBy('updated_at').orderBy('id');
  const paged = await paginate(page, ordered, (row) => row);
  const results = await quizSummaries(db, media, paged.results);
  return withDeletions(db, since, clientId, 'quizzes', { ...paged, results });
}

/** Each quiz's question ids in quiz order. */
export async function questionIdsOf(db: Kysely<Database>, quizIds: readonly number[]): Promise<Map<number, number[]>> {
  const byQuiz = new Map<number, number[]>(quizIds.map((id) => [id, []]));
  if (quizIds.length === 0) return byQuiz;
  const rows = await db
    .selectFrom('quiz_questions')
    .select(['quiz_id', 'question_id'])
    .where('quiz_id', 'in', [...quizIds])
    .orderBy('quiz_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byQuiz.get(row.quiz_id)?.push(row.question_id);
  return byQuiz;
}

async function attemptCountsOf(db: Kysely<Database>, quizIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(quizIds.map((id) => [id, 0]));
  if (quizIds.length === 0) return counts;
  const rows = await db
    .selectFrom('attempts')
    .select((eb) => ['quiz_id', eb.fn.countAll<number>().as('count')])
    .where('quiz_id', 'in', [...quizIds])
    .groupBy('quiz_id')
    .execute();
  for (const row of rows) counts.set(row.quiz_id, toCount(row.count));
  return counts;
}

/** The quiz's writable fields but its files and questions, typed as the contract has them. */
export function quizFieldsOf(row: QuizRow) {
  return {
    name: row.name,
    description: row.description,
    mode: row.mode,
    status: row.status,
    active: toBool(row.active),
    qs_timer: toCount(row.qs_timer),
    timer_bw_qs: toCount(row.timer_bw_qs),
    before_qs_timer: toCount(row.before_qs_timer),
    question_no: toCount(row.question_no),
    time_based: toBool(row.time_based),
    show_count_down: toBool(row.show_count_down),
    show_options: toBool(row.show_options),
    join_code: row.join_code,
    max_attempt_count: toCount(row.max_attempt_count),
    start_date_time: row.start_date_time,
    end_date_time: row.end_date_time,
    sponsor_name: row.sponsor_name,
    auth_used: row.auth_used,
  };
}

function toSummary(media: MediaUrls, row: QuizRow, questions: number[], attemptsCount: number): QuizSummary {
  return {
    id: row.id,
    client: row.client_id,
    ...quizFieldsOf(row),
    image: media(row.image),
    quiz_hash: row.quiz_hash,
    sponsor_logo: media(row.sponsor_logo),
    questions,
    question_count: questions.length,
    attempts_count: attemptsCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: toCount(row.version),
  };
}

/** List rows for a page of quizzes. */
export async function quizSummaries(db: Kysely<Database>, media: MediaUrls, rows: readonly QuizRow[]): Promise<QuizSummary[]> {
  const ids = rows.map((row) => row.id);
  const [questions, attempts] = await Promise.all([questionIdsOf(db, ids), attemptCountsOf(db, ids)]);
  return rows.map((row) => toSummary(media, row, questions.get(row.id) ?? [], attempts.get(row.id) ?? 0));
}

/** One quiz with its questions in full (as the questions list shows them) and its attempts (ids, newest first). */
export async function quizDetail(db: Kysely<Database>, media: MediaUrls, row: QuizRow): Promise<QuizDetail> {
  const [summary] = await quizSummaries(db, media, [row]);
  const [questionsDetail, attempts] = await Promise.all([
    questionListItems(db, media, row.client_id, summary?.questions ?? []),
    db.selectFrom('attempts').select('id').where('quiz_id', '=', row.id).orderBy('id', 'desc').execute(),
  ]);
  return { ...(summary as QuizSummary), questions_detail: questionsDetail, attempts: attempts.map((attempt) => attempt.id) };
}

export function liveStateOf(row: QuizRow, questionCount: number): QuizLiveState {
  return {
    id: row.id,
    client_id: row.client_id,
    quiz_hash: row.quiz_hash,
    status: row.status,
    mode: row.mode,
    question_no: toCount(row.question_no),
    question_count: questionCount,
    question_started_at: row.question_started_at === null ? null : toCount(row.question_started_at),
    question_ends_at: row.question_ends_at === null ? null : toCount(row.question_ends_at),
    start_date_time: row.start_date_time,
    end_date_time: row.end_date_time,
    updated_at: row.updated_at,
  };
}

/** Every quiz's live state (all tenants): what the live channel republishes on start. */
export async function liveStatesOfAll(db: Kysely<Database>): Promise<QuizLiveState[]> {
  const rows = await db.selectFrom('quizzes').selectAll().execute();
  const questions = await questionIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => liveStateOf(row, questions.get(row.id)?.length ?? 0));
}
