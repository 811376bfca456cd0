import { CompiledQuery, type Insertable } from 'kysely';
import { ANSWER_GRACE_MS } from '../../src/lib/contract/play';
import type { AnswerTable } from '../db/schema';

// The statements that write a batch of answers (answer-writer.ts): the insert that decides which answers
// still count, shared by both databases, and SQLite's statements (PostgreSQL's: answer-statements-postgres.ts).

export type AnswerRow = Insertable<AnswerTable> & { attempt_id: number; round_id: number; question_id: number };

/** An answer waiting in the writer's queue, with the opening time of the round it was judged against. */
export interface QueuedAnswer {
  row: AnswerRow;
  openedAt: number;
}

/** The answer's columns as the VALUES list carries them, with the type each parameter is cast to. */
export const COLUMNS = [
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

export const COLUMN_NAMES = COLUMNS.map(([name]) => name).join(', ');
const V_COLUMN_NAMES = COLUMNS.map(([name]) => `v.${name}`).join(', ');

/**
 * The insert of the answers in `v` (with each one's `opened_at`) that still count, on both databases: the round
 * judged against is still the one open (same opening), the answer was chosen by its close and arrived within the
 * grace (the 15-s rule), not after its reveal, and the attempt still exists (not reset). A second answer of an
 * attempt to a question is not written. Returns what was written.
 */
export const INSERT_COUNTING = `insert into answers (${COLUMN_NAMES})
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

/** SQLite's texts by statement and run size, kept for powers of two only: at most 5 x 9 (answer-writer.ts: MAX_BATCH 500). */
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

export interface InsertedRow {
  attempt_id: number;
  question_id: number;
  points: number;
  seconds: number;
}

/** The insert of a run of answers (typed as its RETURNING list says). */
export function insertQuery(run: readonly QueuedAnswer[]): CompiledQuery<InsertedRow> {
  const parameters: unknown[] = [];
  for (const { row, openedAt } of run) {
    for (const [name] of COLUMNS) parameters.push(row[name] ?? null);
    parameters.push(openedAt);
  }
  return CompiledQuery.raw(insertText(run.length), parameters) as CompiledQuery<InsertedRow>;
}

export type Sum = { points: number; seconds: number };

/** Adds each attempt's new points and seconds to its score and time (one statement for the run). */
export function scoreUpdate(run: readonly (readonly [number, Sum])[]): CompiledQuery {
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
export function standingsQuery(attemptIds: readonly number[], at: number): CompiledQuery<{ attempt_id: number; score: number }> {
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
export function revealQuery(roundIds: readonly number[], at: number): CompiledQuery {
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
export function revealAtQuery(roundIds: readonly number[]): CompiledQuery<{ id: number; reveal_at: number | null }> {
  const text = textOf('rounds', roundIds.length, () => {
    return `select id, reveal_at from rounds where id in (${roundIds.map(() => '?').join(', ')})`;
  });
  return CompiledQuery.raw(text, [...roundIds]) as CompiledQuery<{ id: number; reveal_at: number | null }>;
}
