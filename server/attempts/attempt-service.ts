import { PostgresAdapter, sql, type Compilable, type Kysely } from 'kysely';
import type { Attempt } from '../../src/lib/contract/attempt';
import { invalidPkMessage } from '../../src/lib/contract/question';
import { localDateTimeText } from '../../src/lib/local-time-text';
import { statusText } from '../../src/lib/status-text';
import type { ServerContext } from '../context';
import type { Database } from '../db/schema';
import { inBatches } from '../http/csv';
import { fieldErrors } from '../http/errors';
import { paginate, type PageRequest } from '../http/pagination';
import { withSearch } from '../http/search';
import { found, ownedBy } from '../http/tenant';

// Quiz attempts (the Attempts calls of the API): the Quiz Report list, bulk and single delete, and the participants
// export. rank is not stored: it is the place of the score within its quiz (higher score first, ties broken
// by shorter time), computed by a window function over every attempt of the quiz, whatever the filters.

const SEARCH_FIELDS = ['viewers.username', 'viewers.first_name', 'viewers.last_name', 'quizzes.name'];
/** Rows per export query (keyset paging by id); memory holds one batch. Ranks are read once, see placesOf. */
const EXPORT_BATCH_SIZE = 2000;

/** The filters of the Quiz Report and of its export: `?quiz=` and `?search=`. */
export interface AttemptFilters {
  quiz?: number;
  search?: string;
}

const PLACE = sql<number>`rank() over (partition by quiz_id order by score desc, time_taken asc)`;
const ATTEMPT_COLUMNS = [
  'attempts.id',
  'attempts.score',
  'attempts.time_taken',
  'attempts.status',
  'attempts.start_date_time',
  'attempts.quiz_id',
  'viewers.username',
  'viewers.first_name',
  'viewers.last_name',
  'viewers.email',
  'viewers.mobile',
  'quizzes.name as quiz_name',
  'quizzes.status as quiz_status',
] as const;

/**
 * The caller's attempts with viewer, quiz and computed rank, filtered by `?quiz=` and `?search=`.
 * The ranking CTE is limited to the filtered quiz when there is one (ranks are per quiz, so this is exact).
 */
function rankedAttempts(db: Kysely<Database>, clientId: number, filters: AttemptFilters) {
  const quizId = filters.quiz;
  let query = db
    .with('ranked', (qb) => {
      const ranks = qb
        .selectFrom('attempts')
        .select(['id', PLACE.as('place')])
        .where('client_id', '=', clientId);
      return quizId === undefined ? ranks : ranks.where('quiz_id', '=', quizId);
    })
    .selectFrom('attempts')
    .innerJoin('ranked', 'ranked.id', 'attempts.id')
    .innerJoin('viewers', 'viewers.id', 'attempts.viewer_id')
    .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
    .select([...ATTEMPT_COLUMNS, 'ranked.place'])
    .$call(ownedBy('attempts', clientId))
    .$call(withSearch(filters.search, SEARCH_FIELDS));
  if (quizId !== undefined) query = query.where('attempts.quiz_id', '=', quizId);
  return query;
}

type RankedRow = Awaited<ReturnType<ReturnType<typeof rankedAttempts>['execute']>>[number];

/** The same attempts as rankedAttempts without the rank, for the export (which looks ranks up in placesOf). */
function unrankedAttempts(db: Kysely<Database>, clientId: number, filters: AttemptFilters) {
  let query = db
    .selectFrom('attempts')
    .innerJoin('viewers', 'viewers.id', 'attempts.viewer_id')
    .innerJoin('quizzes', 'quizzes.id', 'attempts.quiz_id')
    .select(ATTEMPT_COLUMNS)
    .$call(ownedBy('attempts', clientId))
    .$call(withSearch(filters.search, SEARCH_FIELDS));
  if (filters.quiz !== undefined) query = query.where('attempts.quiz_id', '=', filters.quiz);
  return query;
}

/** Attempt ids in ascending order with their places: 12 bytes an attempt, so 100,000 attempts take ~1.2 MB. */
interface Places {
  ids: Float64Array;
  places: Uint32Array;
  length: number;
}

/** Appends one attempt's place, doubling the arrays when full (typed arrays cannot grow in place). */
function addPlace(ranked: Places, id: number, place: number): void {
  if (ranked.length === ranked.ids.length) {
    const ids = new Float64Array(ranked.ids.length * 2);
    const places = new Uint32Array(ranked.ids.length * 2);
    ids.set(ranked.ids);
    places.set(ranked.places);
    Object.assign(ranked, { ids, places });
  }
  ranked.ids[ranked.length] = id;
  ranked.places[ranked.length] = place;
  ranked.length += 1;
}

/**
 * Reads a query's rows through a cursor, EXPORT_BATCH_SIZE at a time on PostgreSQL (DECLARE/FETCH in one
 * transaction; the pg driver has no cursor of its own here) and one by one on SQLite (the statement's
 * iterator, which holds the one connection until done, as reading it whole did), so memory holds no more
 * than one batch whatever the number of rows. (placesOf reads SQLite's ranking otherwise, see there.)
 */
async function eachRow<R>(
  db: Kysely<Database>,
  query: Compilable<R> & { stream(): AsyncIterableIterator<R> },
  onRow: (row: R) => void,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for await (const row of query.stream()) onRow(row);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`declare export_rows no scroll cursor for ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<R>`fetch forward ${sql.lit(EXPORT_BATCH_SIZE)} from export_rows`.execute(trx);
      rows.forEach(onRow);
      if (rows.length < EXPORT_BATCH_SIZE) return;
    }
  });
}

/**
 * Ranks every attempt of the export's quizzes in one query, read through a cursor. A window function
 * cannot be limited to one batch of rows, so ranking inside each batch query would rank the whole quiz
 * again per batch; reading the ranking whole as row objects grew with it (300,000 attempts: +110 MB).
 */
async function placesOf(db: Kysely<Database>, clientId: number, quizId: number | undefined): Promise<Places> {
  let query = db
    .selectFrom('attempts')
    .select(['id', PLACE.as('place')])
    .where('client_id', '=', clientId);
  if (quizId !== undefined) query = query.where('quiz_id', '=', quizId);
  const ranked: Places = { ids: new Float64Array(1024), places: new Uint32Array(1024), length: 0 };
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await eachRow(db, query.orderBy('id'), (row) => addPlace(ranked, Number(row.id), Number(row.place)));
    return ranked;
  }
  // SQLite: the whole ranking as two comma-separated texts in one row (about 7 bytes an attempt). Reading it
  // row by row through Kysely's stream cost several awaits per attempt, the export's largest item after
  // garbage collection (100,000 attempts); the texts are split into the typed arrays at once.
  const ranking = query.as('ranking');
  const texts = await db
    .selectFrom(ranking)
    .select([
      sql<string | null>`group_concat(ranking.id, ',' order by ranking.id)`.as('ids'),
      sql<string | null>`group_concat(ranking.place, ',' order by ranking.id)`.as('places'),
    ])
    .executeTakeFirst();
  if (!texts?.ids || !texts.places) return ranked;
  const ids = texts.ids.split(',');
  const places = texts.places.split(',');
  for (let at = 0; at < ids.length; at += 1) addPlace(ranked, Number(ids[at]), Number(places[at]));
  return ranked;
}

/** The export's rows in id order with their places; attempts added after the ranking are left out. */
async function* exportRows(db: Kysely<Database>, clientId: number, filters: AttemptFilters, ranked: Places): AsyncGenerator<RankedRow> {
  const { ids, places, length } = ranked;
  if (length === 0) return;
  const lastId = ids[length - 1] ?? 0;
  const query = unrankedAttempts(db, clientId, filters).where('attempts.id', '<=', lastId);
  const rows = inBatches(
    (afterId, limit) => query.where('attempts.id', '>', afterId).orderBy('attempts.id').limit(limit).execute(),
    EXPORT_BATCH_SIZE,
  );
  // Both sequences ascend by id, so one cursor walks the places alongside the rows.
  let cursor = 0;
  for await (const row of rows) {
    while (cursor < length && (ids[cursor] ?? Infinity) < row.id) cursor += 1;
    if (cursor < length && ids[cursor] === row.id) yield { ...row, place: places[cursor] ?? 0 };
  }
}

function toAttempt(row: RankedRow): Attempt {
  return {
    id: row.id,
    viewer: row.username,
    viewer_detail: { username: row.username, first_name: row.first_name, last_name: row.last_name, email: row.email },
    quiz: { id: row.quiz_id, name: row.quiz_name, status: row.quiz_status },
    score: Number(row.score),
    time_taken: Math.round(Number(row.time_taken)),
    rank: Number(row.place),
    status: row.status,
    start_date_time: row.start_date_time,
  };
}

/** A report.csv line: statuses in words ("In progress"), the start on the reader's clock when their zone is known. */
function participantCells(row: RankedRow, timeZone: string | undefined): readonly unknown[] {
  const name = `${row.first_name} ${row.last_name}`.trim() || row.username;
  const attempt = toAttempt(row);
  const start = timeZone && row.start_date_time ? localDateTimeText(row.start_date_time, timeZone) : row.start_date_time;
  return [name, row.email, row.mobile, row.quiz_name, attempt.score, attempt.time_taken, attempt.rank, statusText(row.status), start];
}

export function attemptService({ db }: Pick<ServerContext, 'db'>) {
  return {
    async list(clientId: number, filters: AttemptFilters, page: PageRequest) {
      // By rank within each quiz (1 first), the quizzes newest first: a quiz's report reads as its ranking.
      const query = rankedAttempts(db, clientId, filters)
        .orderBy('quizzes.start_date_time', 'desc')
        .orderBy('attempts.quiz_id', 'desc')
        .orderBy('ranked.place')
        .orderBy('attempts.id');
      return paginate(page, query, toAttempt);
    },

    /** The client's attempt (its id and version), or 404. */
    async get(clientId: number, id: number) {
      return found(
        await db
          .selectFrom('attempts')
          .select(['id', 'version'])
          .$call(ownedBy('attempts', clientId))
          .where('id', '=', id)
          .executeTakeFirst(),
      );
    },

    async remove(clientId: number, id: number): Promise<void> {
      await db.deleteFrom('attempts').where('id', '=', id).where('client_id', '=', clientId).execute();
    },

    /** Deletes attempts all or nothing: one id that is not the caller's answers 400 and deletes none. */
    async removeMany(clientId: number, attemptIds: readonly number[]): Promise<void> {
      const ids = [...new Set(attemptIds)];
      await db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('attempts').select('id').where('client_id', '=', clientId).where('id', 'in', ids).execute();
        const ownedIds = new Set(owned.map((row) => row.id));
        const unknown = ids.find((id) => !ownedIds.has(id));
        if (unknown !== undefined) throw fieldErrors({ attempts: [invalidPkMessage(unknown)] });
        await trx.deleteFrom('attempts').where('client_id', '=', clientId).where('id', 'in', ids).execute();
      });
    },

    /**
     * The export's rows as CSV cells (PARTICIPANTS_CSV_HEADER), read lazily. The ranks are read before the
     * first row is asked for, so a failure there still answers an error rather than a broken download.
     */
    async participantsCsv(clientId: number, filters: AttemptFilters, timeZone?: string): Promise<AsyncIterable<readonly unknown[]>> {
      const rows = exportRows(db, clientId, filters, await placesOf(db, clientId, filters.quiz));
      return (async function* cells() {
        for await (const row of rows) yield participantCells(row, timeZone);
      })();
    },
  };
}
