import { CompiledQuery, SqliteAdapter, type Insertable, type Kysely } from 'kysely';
import { ANSWER_GRACE_MS } from '../../src/lib/contract/play';
import type { Clock } from '../clock';
import { namedStatement } from '../db/connect';
import { toCount } from '../db/rows';
import type { AnswerTable, Database } from '../db/schema';

// Group commit of answers: when every phone answers at once, the answers that arrive while one batch is
// written are written together in the next one, in a few statements whatever their number (one commit, one
// fsync): INSERTs of them in runs (see below), UPDATEs of their attempts' scores; then, outside the transaction,
// the reveal of each round everybody has now answered and the revealed score of each attempt. Each request
// is acknowledged once its answer is committed.
//
// The insert is the authority on whether an answer counts: the caller judged it against a round it may have
// kept for a moment (play-cache.ts), so the insert joins the round and the attempt as they are now and
// writes only an answer whose round is the one judged against (same opening), still open for it (chosen by
// its close, arrived within the grace, not after its reveal), and whose attempt still exists (not reset).
// An answer not written is reported so (inserted: false): the caller finds out why (already answered, the
// round moved on, the attempt is gone) from the database.

export type AnswerRow = Insertable<AnswerTable> & { attempt_id: number; round_id: number; question_id: number };

export interface WrittenAnswer {
  inserted: boolean;
  /** The round's reveal time after this batch (null: not known to be revealed). */
  revealAt: number | null;
  /** The attempt's score over the rounds revealed at `at`. */
  score: number;
  /** The moment the batch was written at. */
  at: number;
}

interface Pending {
  row: AnswerRow;
  /** The opening time of the round the answer was judged against. */
  openedAt: number;
  resolve: (written: WrittenAnswer) => void;
  reject: (error: unknown) => void;
}

/** Most answers per batch (keeps one commit short and under the databases' bound on parameters). */
const MAX_BATCH = 500;

/** The answer's columns as the VALUES list carries them, with the type each parameter is cast to. */
const COLUMNS = [
  ['client_id', 'bigint'],
  ['quiz_id', 'bigint'],
  ['attempt_id', 'bigint'],
  ['round_id', 'bigint'],
  ['question_id', 'bigint'],
  ['question_no', 'integer'],
  ['chosen_option', 'text'],
  ['chosen_at', 'bigint'],
  ['received_at', 'bigint'],
  ['correct', 'boolean'],
  ['points', 'integer'],
  ['seconds', 'real'],
  ['idempotency_key', 'text'],
] as const;

const COLUMN_NAMES = COLUMNS.map(([name]) => name).join(', ');
const V_COLUMN_NAMES = COLUMNS.map(([name]) => `v.${name}`).join(', ');

/**
 * The insert of the answers in `v` (with each one's `opened_at`) that still count, on both databases: the round
 * judged against is still the one open (same opening), the answer was chosen by its close and arrived within the
 * grace (the 15-s rule), not after its reveal, and the attempt still exists (not reset). A second answer of an
 * attempt to a question is not written. Returns what was written.
 */
const INSERT_COUNTING = `insert into answers (${COLUMN_NAMES})
    select ${V_COLUMN_NAMES} from v
    inner join rounds r on r.id = v.round_id
    inner join attempts a on a.id = v.attempt_id
    where r.opened_at = v.opened_at
      and r.question_id = v.question_id
      and v.received_at >= r.answer_opens_at
      and (r.closes_at is null or (v.chosen_at <= r.closes_at and v.received_at <= r.closes_at + ${Number(ANSWER_GRACE_MS)}))
      and (r.reveal_at is null or v.received_at <= r.reveal_at)
    on conflict (attempt_id, question_id) do nothing
    returning attempt_id, question_id, points, seconds`;

// The batch's statements are written as SQL text rather than built with Kysely: a batch of 100 answers is
// 1,400 parameters on SQLite, and building and compiling that tree cost more than SQLite writing the rows
// (bench play's CPU profile). On SQLite a batch is written in runs whose sizes are powers of two (77
// answers: 64, 8, 4 and 1), so that a handful of texts serve every batch: each is made once, and SQLite's
// statement cache (db/connect.ts) prepares it once, where a text per batch size had SQLite parse a new
// statement of hundreds of parameters for most batches. PostgreSQL has statements of its own (below).

/** Splits `items` into runs whose lengths are powers of two, longest first (77: 64, 8, 4, 1). */
export function powerOfTwoRuns<T>(items: readonly T[]): T[][] {
  const runs: T[][] = [];
  let at = 0;
  while (at < items.length) {
    let size = 1;
    while (size * 2 <= items.length - at) size *= 2;
    runs.push(items.slice(at, at + size));
    at += size;
  }
  return runs;
}

/** SQLite's texts by statement and run size, kept for powers of two only: at most 5 x 9 (MAX_BATCH 500). */
const texts = new Map<string, string>();

function textOf(statement: string, size: number, make: () => string): string {
  const kept = (size & (size - 1)) === 0;
  const key = `${statement}:${size}`;
  let text = kept ? texts.get(key) : undefined;
  if (text === undefined) {
    text = make();
    if (kept) texts.set(key, text);
  }
  return text;
}

// A VALUES list's columns have no type of their own: each parameter is cast to its column's (its affinity).
function insertText(size: number): string {
  return textOf('insert', size, () => {
    const rows: string[] = [];
    for (let row = 0; row < size; row += 1) {
      const cells = COLUMNS.map(([, type]) => `cast(? as ${type})`);
      cells.push(`cast(? as bigint)`);
      rows.push(`(${cells.join(', ')})`);
    }
    return `with v (${COLUMN_NAMES}, opened_at) as (values ${rows.join(', ')})
      ${INSERT_COUNTING}`;
  });
}

interface InsertedRow {
  attempt_id: number;
  question_id: number;
  points: number;
  seconds: number;
}

/** The insert of a run of answers (typed as its RETURNING list says). */
function insertQuery(run: readonly Pending[]): CompiledQuery<InsertedRow> {
  const parameters: unknown[] = [];
  for (const { row, openedAt } of run) {
    for (const [name] of COLUMNS) parameters.push(row[name] ?? null);
    parameters.push(openedAt);
  }
  return CompiledQuery.raw(insertText(run.length), parameters) as CompiledQuery<InsertedRow>;
}

type Sum = { points: number; seconds: number };

/** Adds each attempt's new points and seconds to its score and time (one statement for the run). */
function scoreUpdate(run: readonly (readonly [number, Sum])[]): CompiledQuery {
  const text = textOf('score', run.length, () => {
    const cases = (type: string) => run.map(() => `when ? then cast(? as ${type})`).join(' ');
    const score = cases('integer');
    const time = cases('double precision');
    const ids = run.map(() => '?').join(', ');
    return `update attempts set score = score + case id ${score} else 0 end, time_taken = time_taken + case id ${time} else 0 end where id in (${ids})`;
  });
  return CompiledQuery.raw(text, [
    ...run.flatMap(([id, sum]) => [id, sum.points]),
    ...run.flatMap(([id, sum]) => [id, sum.seconds]),
    ...run.map(([id]) => id),
  ]);
}

/** Each attempt's score over the rounds revealed at `at` (typed as its select list says). */
function standingsQuery(attemptIds: readonly number[], at: number): CompiledQuery<{ attempt_id: number; score: number }> {
  const text = textOf('standings', attemptIds.length, () => {
    const ids = attemptIds.map(() => '?').join(', ');
    return `select answers.attempt_id, sum(answers.points) as score from answers
      inner join rounds on rounds.id = answers.round_id
      where answers.attempt_id in (${ids}) and rounds.reveal_at <= ?
      group by answers.attempt_id`;
  });
  return CompiledQuery.raw(text, [...attemptIds, at]) as CompiledQuery<{ attempt_id: number; score: number }>;
}

/**
 * Reveals each round of the run that everybody who could answer has answered (a shared round: every attempt of its
 * quiz), and closes it then: once its answer is out, a phone that joins later must not answer it.
 */
function revealQuery(roundIds: readonly number[], at: number): CompiledQuery {
  const text = textOf('reveal', roundIds.length, () => {
    const ids = roundIds.map(() => '?').join(', ');
    return `update rounds set reveal_at = ?, closes_at = case when closes_at is null or closes_at > ? then ? else closes_at end
      where id in (${ids})
        and (reveal_at is null or reveal_at > ?)
        and (select count(*) from answers where answers.round_id = rounds.id) >=
          case when rounds.scope = 0 then (select count(*) from attempts where attempts.quiz_id = rounds.quiz_id) else 1 end`;
  });
  return CompiledQuery.raw(text, [at, at, at, ...roundIds, at]);
}

/** The rounds' reveal times (typed as its select list says). */
function revealAtQuery(roundIds: readonly number[]): CompiledQuery<{ id: number; reveal_at: number | null }> {
  const text = textOf('rounds', roundIds.length, () => {
    return `select id, reveal_at from rounds where id in (${roundIds.map(() => '?').join(', ')})`;
  });
  return CompiledQuery.raw(text, [...roundIds]) as CompiledQuery<{ id: number; reveal_at: number | null }>;
}

// On PostgreSQL a batch is two statements of fixed text whatever its size, each a round trip of its own
// without BEGIN and COMMIT (one statement is one transaction): bench play spent a PostgreSQL batch on seven
// round trips, five one after another (BEGIN, INSERT, UPDATE, COMMIT, reveal, then reveal times and scores),
// and had PostgreSQL parse and plan an insert of up to 500 x 14 parameters anew for every batch size. The
// answers go as one array per column (unnest: 14 parameters), the ids as arrays (= any), and both texts are
// prepared once per connection (namedStatement).

/** The PostgreSQL array type of each column's parameter. */
const ARRAY_TYPES = [...COLUMNS.map(([, type]) => `${type}[]`), 'bigint[]'];

/**
 * The answers that still count, written, and their attempts' scores and times raised by them, in one statement
 * (so one transaction): the update reads what the insert returns. Each attempt's seconds are summed from the
 * stored values as the client read them back before (float4's shortest text), so time_taken does not change.
 */
const POSTGRES_INSERT = namedStatement(`with v (${COLUMN_NAMES}, opened_at) as (
    select * from unnest(${ARRAY_TYPES.map((type, index) => `$${index + 1}::${type}`).join(', ')})
  ),
  inserted as (
    ${INSERT_COUNTING}
  ),
  sums as (
    select attempt_id, sum(points) as points, sum(cast(cast(seconds as text) as double precision)) as seconds
    from inserted group by attempt_id
  ),
  scored as (
    update attempts set score = attempts.score + sums.points, time_taken = attempts.time_taken + sums.seconds
    from sums where attempts.id = sums.attempt_id
  )
  select attempt_id, question_id, points, seconds from inserted`);

/**
 * After the insert committed: reveals each round ($2) everybody who could answer has answered, when the batch
 * wrote any answer ($4), at $1; then the rounds' reveal times (kind 0: id, value) and each attempt's ($3)
 * score over the rounds revealed at $1 (kind 1), read as of the reveal (the statement's own update is not in
 * its snapshot, so the revealed rows are joined in).
 */
const POSTGRES_REVEAL = namedStatement(`with revealed as (
    update rounds set reveal_at = $1, closes_at = case when closes_at is null or closes_at > $1 then $1 else closes_at end
    where id = any($2::bigint[])
      and $4::boolean
      and (reveal_at is null or reveal_at > $1)
      and (select count(*) from answers where answers.round_id = rounds.id) >=
        case when rounds.scope = 0 then (select count(*) from attempts where attempts.quiz_id = rounds.quiz_id) else 1 end
    returning id, reveal_at
  )
  select 0 as kind, rounds.id, coalesce(revealed.reveal_at, rounds.reveal_at) as value
  from rounds left join revealed on revealed.id = rounds.id
  where rounds.id = any($2::bigint[])
  union all
  select 1 as kind, answers.attempt_id, sum(answers.points) as value from answers
  inner join rounds on rounds.id = answers.round_id
  left join revealed on revealed.id = rounds.id
  where answers.attempt_id = any($3::bigint[]) and coalesce(revealed.reveal_at, rounds.reveal_at) <= $1
  group by answers.attempt_id`);

/** The insert of a batch on PostgreSQL (see POSTGRES_INSERT). */
function postgresInsertQuery(batch: readonly Pending[]): CompiledQuery<InsertedRow> {
  const columns: unknown[][] = ARRAY_TYPES.map(() => new Array<unknown>(batch.length));
  batch.forEach(({ row, openedAt }, at) => {
    COLUMNS.forEach(([name], index) => ((columns[index] as unknown[])[at] = row[name] ?? null));
    (columns[COLUMNS.length] as unknown[])[at] = openedAt;
  });
  return CompiledQuery.raw(POSTGRES_INSERT, columns) as CompiledQuery<InsertedRow>;
}

/** The reveal and what the batch's answers are told (see POSTGRES_REVEAL). */
function postgresRevealQuery(
  roundIds: readonly number[],
  attemptIds: readonly number[],
  at: number,
  wrote: boolean,
): CompiledQuery<{ kind: number; id: number; value: number | null }> {
  return CompiledQuery.raw(POSTGRES_REVEAL, [at, roundIds, attemptIds, wrote]) as CompiledQuery<{
    kind: number;
    id: number;
    value: number | null;
  }>;
}

const keyOf = (attemptId: number, questionId: number) => `${attemptId}:${questionId}`;

export function answerWriter(db: Kysely<Database>, clock: Clock) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let queue: Pending[] = [];
  let running = false;

  type Written = Map<string, { attemptId: number; points: number; seconds: number }>;

  /** The inserted rows by attempt and question, and each attempt's points and seconds among them. */
  function tally(inserted: readonly InsertedRow[]): { written: Written; byAttempt: Map<number, Sum> } {
    const written: Written = new Map();
    const byAttempt = new Map<number, Sum>();
    for (const row of inserted) {
      const attemptId = toCount(row.attempt_id);
      const points = toCount(row.points);
      const seconds = Number(row.seconds);
      written.set(keyOf(attemptId, toCount(row.question_id)), { attemptId, points, seconds });
      const sum = byAttempt.get(attemptId) ?? { points: 0, seconds: 0 };
      sum.points += points;
      sum.seconds += seconds;
      byAttempt.set(attemptId, sum);
    }
    return { written, byAttempt };
  }

  /** Writes the answers that still count (SQLite); returns those written, by attempt and question. */
  async function insert(batch: readonly Pending[]): Promise<Written> {
    return db.transaction().execute(async (trx) => {
      const inserted: InsertedRow[] = [];
      for (const run of powerOfTwoRuns(batch)) inserted.push(...(await trx.executeQuery(insertQuery(run))).rows);
      const { written, byAttempt } = tally(inserted);
      for (const run of powerOfTwoRuns([...byAttempt])) await trx.executeQuery(scoreUpdate(run));
      return written;
    });
  }

  /**
   * A PostgreSQL batch's place in line: two batches overlap, the later one's insert with the earlier one's
   * reveal (a round trip each), so the writer is not idle for a round trip per batch. Two inserts never run at
   * once: their updates of the same attempts could deadlock. Reveals run in order.
   */
  interface Turn {
    /** Called once the batch's insert is done (committed or failed). */
    inserted: () => void;
    /** The previous batch's settling, which this batch's reveal waits for. */
    revealAfter: Promise<void>;
  }

  interface Outcome {
    written: Written;
    /** Reveal time by round (null: not revealed). */
    revealAt: Map<number, number | null>;
    /** Score over the revealed rounds by attempt. */
    score: Map<number, number>;
    /** The moment read after the insert, that reveals and scores are taken at. */
    at: number;
  }

  async function writeSqlite(batch: readonly Pending[], roundIds: number[], attemptIds: number[]): Promise<Outcome> {
    const written = await insert(batch);
    const at = clock.now().getTime();
    // Everybody who could answer a round has: it is revealed now (after the commit, so that of two
    // instances writing the last answers at once, the later one counts both).
    const roundRuns = powerOfTwoRuns(roundIds);
    if (written.size > 0) for (const run of roundRuns) await db.executeQuery(revealQuery(run, at));
    const [rounds, standings] = await Promise.all([
      Promise.all(roundRuns.map((run) => db.executeQuery(revealAtQuery(run)))).then((results) => results.flatMap((result) => result.rows)),
      Promise.all(powerOfTwoRuns(attemptIds).map((run) => db.executeQuery(standingsQuery(run, at)))).then((results) =>
        results.flatMap((result) => result.rows),
      ),
    ]);
    return {
      written,
      revealAt: new Map(rounds.map((round) => [toCount(round.id), round.reveal_at === null ? null : toCount(round.reveal_at)])),
      score: new Map(standings.map((standing) => [toCount(standing.attempt_id), toCount(standing.score)])),
      at,
    };
  }

  async function writePostgres(batch: readonly Pending[], roundIds: number[], attemptIds: number[], turn: Turn): Promise<Outcome> {
    const { written } = tally((await db.executeQuery(postgresInsertQuery(batch))).rows);
    turn.inserted();
    // The reveal comes after the insert's commit, as on SQLite, and after the previous batch's.
    await turn.revealAfter;
    const at = clock.now().getTime();
    const { rows } = await db.executeQuery(postgresRevealQuery(roundIds, attemptIds, at, written.size > 0));
    const revealAt = new Map<number, number | null>();
    const score = new Map<number, number>();
    for (const row of rows) {
      if (toCount(row.kind) === 0) revealAt.set(toCount(row.id), row.value === null ? null : toCount(row.value));
      else score.set(toCount(row.id), toCount(row.value));
    }
    return { written, revealAt, score, at };
  }

  async function writeBatch(batch: readonly Pending[], turn: Turn): Promise<WrittenAnswer[]> {
    const roundIds = [...new Set(batch.map(({ row }) => row.round_id))];
    const attemptIds = [...new Set(batch.map(({ row }) => row.attempt_id))];
    const { written, revealAt, score, at } = sqlite
      ? await writeSqlite(batch, roundIds, attemptIds)
      : await writePostgres(batch, roundIds, attemptIds, turn);
    return batch.map(({ row }) => ({
      inserted: written.has(keyOf(row.attempt_id, row.question_id)),
      revealAt: revealAt.get(row.round_id) ?? null,
      score: score.get(row.attempt_id) ?? 0,
      at,
    }));
  }

  async function settle(batch: Pending[], turn: Turn = { inserted: () => undefined, revealAfter: Promise.resolve() }): Promise<void> {
    try {
      const results = await writeBatch(batch, turn);
      batch.forEach((pending, index) => pending.resolve(results[index] as WrittenAnswer));
    } catch (error) {
      // One bad answer must not fail the others: each is written again on its own (and, when the insert
      // failed, before the next batch's insert starts: only one insert runs at a time).
      if (batch.length === 1) (batch[0] as Pending).reject(error);
      else for (const pending of batch) await settle([pending]);
    } finally {
      turn.inserted();
    }
  }

  async function drain(): Promise<void> {
    try {
      /** The previous batch's settling (PostgreSQL: its reveal may still run). */
      let previous: Promise<void> = Promise.resolve();
      for (;;) {
        if (queue.length === 0) {
          await previous;
          if (queue.length === 0) break;
        }
        // One answer per attempt and question in a batch: the insert tells which (attempt, question) it
        // wrote, not which of two candidates, so a second delivery waits for the next batch (and is told
        // it was already answered, or acknowledged again as the same answer).
        const batch: Pending[] = [];
        const later: Pending[] = [];
        const keys = new Set<string>();
        for (const pending of queue) {
          const key = keyOf(pending.row.attempt_id, pending.row.question_id);
          if (batch.length < MAX_BATCH && !keys.has(key)) {
            keys.add(key);
            batch.push(pending);
          } else later.push(pending);
        }
        queue = later;
        if (sqlite) {
          await settle(batch);
          continue;
        }
        // PostgreSQL: the next batch's insert starts once this one's is done, while this one's reveal runs.
        let inserted = () => undefined as void;
        const insertDone = new Promise<void>((resolve) => (inserted = resolve));
        previous = settle(batch, { inserted, revealAfter: previous });
        await insertDone;
      }
    } finally {
      running = false;
    }
  }

  return {
    /**
     * Resolves once the answer is committed (inserted), or known not to count now (not inserted: already
     * answered, or the round or the attempt changed since `openedAt`'s round was read).
     */
    write(row: AnswerRow, openedAt: number): Promise<WrittenAnswer> {
      return new Promise<WrittenAnswer>((resolve, reject) => {
        queue.push({ row, openedAt, resolve, reject });
        // The first answer starts a batch once the event loop has read every request that arrived with it
        // (SQLite's driver is synchronous: started at once, each batch would hold one answer); those
        // arriving while a batch is written wait for the next one.
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}

export type AnswerWriter = ReturnType<typeof answerWriter>;
