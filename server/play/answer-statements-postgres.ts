import { CompiledQuery } from 'kysely';
import { namedStatement } from '../db/connect';
import { COLUMNS, COLUMN_NAMES, INSERT_COUNTING, type InsertedRow, type QueuedAnswer } from './answer-statements';

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
export function postgresInsertQuery(batch: readonly QueuedAnswer[]): CompiledQuery<InsertedRow> {
  const columns: unknown[][] = ARRAY_TYPES.map(() => new Array<unknown>(batch.length));
  batch.forEach(({ row, openedAt }, at) => {
    COLUMNS.forEach(([name], index) => ((columns[index] as unknown[])[at] = row[name] ?? null));
    (columns[COLUMNS.length] as unknown[])[at] = openedAt;
  });
  return CompiledQuery.raw(POSTGRES_INSERT, columns) as CompiledQuery<InsertedRow>;
}

/** The reveal and what the batch's answers are told (see POSTGRES_REVEAL). */
export function postgresRevealQuery(
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
