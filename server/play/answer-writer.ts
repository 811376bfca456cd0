import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import { ANSWER_GRACE_MS } from '../../src/lib/contract/play';
import type { Clock } from '../clock';
import { toCount } from '../db/rows';
import type { AnswerTable, Database } from '../db/schema';

// Group commit of answers: when every phone answers at once, the answers that arrive while one batch is
// written are written together in the next one, in a few statements whatever their number (one commit, one
// fsync): one INSERT of all of them, one UPDATE of their attempts' scores; then, outside the transaction,
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

const columnList = (prefix: string) => sql.raw(COLUMNS.map(([name]) => `${prefix}${name}`).join(', '));

// PostgreSQL types the parameters of a VALUES list from nothing (text), so each one is cast to its column's
// type; SQLite takes the casts as the same affinities.
function valuesOf(batch: readonly Pending[]): RawBuilder<unknown> {
  return sql.join(
    batch.map(({ row, openedAt }) => {
      const cells = COLUMNS.map(([name, type]) => sql`cast(${row[name] ?? null} as ${sql.raw(type)})`);
      return sql`(${sql.join([...cells, sql`cast(${openedAt} as bigint)`])})`;
    }),
  );
}

const keyOf = (attemptId: number, questionId: number) => `${attemptId}:${questionId}`;

export function answerWriter(db: Kysely<Database>, clock: Clock) {
  let queue: Pending[] = [];
  let running = false;

  /** Writes the answers that still count; returns those written, by attempt and question. */
  async function insert(batch: readonly Pending[]): Promise<Map<string, { attemptId: number; points: number; seconds: number }>> {
    return db.transaction().execute(async (trx) => {
      const inserted = await sql<{ attempt_id: number; question_id: number; points: number; seconds: number }>`
        with v (${columnList('')}, opened_at) as (values ${valuesOf(batch)})
        insert into answers (${columnList('')})
        select ${columnList('v.')} from v
        inner join rounds r on r.id = v.round_id
        inner join attempts a on a.id = v.attempt_id
        where r.opened_at = v.opened_at
          and r.question_id = v.question_id
          and v.received_at >= r.answer_opens_at
          and (r.closes_at is null or (v.chosen_at <= r.closes_at and v.received_at <= r.closes_at + ${ANSWER_GRACE_MS}))
          and (r.reveal_at is null or v.received_at <= r.reveal_at)
        on conflict (attempt_id, question_id) do nothing
        returning attempt_id, question_id, points, seconds`.execute(trx);
      const written = new Map<string, { attemptId: number; points: number; seconds: number }>();
      const byAttempt = new Map<number, { points: number; seconds: number }>();
      for (const row of inserted.rows) {
        const attemptId = toCount(row.attempt_id);
        const points = toCount(row.points);
        const seconds = Number(row.seconds);
        written.set(keyOf(attemptId, toCount(row.question_id)), { attemptId, points, seconds });
        const sum = byAttempt.get(attemptId) ?? { points: 0, seconds: 0 };
        sum.points += points;
        sum.seconds += seconds;
        byAttempt.set(attemptId, sum);
      }
      if (byAttempt.size > 0) {
        const entries = [...byAttempt];
        const cases = (pick: (sum: { points: number; seconds: number }) => number, type: string) =>
          sql.join(
            entries.map(([id, sum]) => sql`when ${id} then cast(${pick(sum)} as ${sql.raw(type)})`),
            sql` `,
          );
        await sql`
          update attempts
          set score = score + case id ${cases((sum) => sum.points, 'integer')} else 0 end,
              time_taken = time_taken + case id ${cases((sum) => sum.seconds, 'double precision')} else 0 end
          where id in (${sql.join(entries.map(([id]) => id))})`.execute(trx);
      }
      return written;
    });
  }

  async function writeBatch(batch: readonly Pending[]): Promise<WrittenAnswer[]> {
    const written = await insert(batch);
    const at = clock.now().getTime();
    const roundIds = [...new Set(batch.map(({ row }) => row.round_id))];
    // Everybody who could answer a round has: it is revealed now (after the commit, so that of two
    // instances writing the last answers at once, the later one counts both).
    if (written.size > 0) {
      await db
        .updateTable('rounds')
        .set({ reveal_at: at })
        .where('id', 'in', roundIds)
        .where((eb) => eb.or([eb('reveal_at', 'is', null), eb('reveal_at', '>', at)]))
        .where((eb) =>
          eb(
            eb
              .selectFrom('answers')
              .select((inner) => inner.fn.countAll<number>().as('answered'))
              .whereRef('answers.round_id', '=', 'rounds.id'),
            '>=',
            eb
              .case()
              .when('rounds.scope', '=', 0)
              .then(
                eb
                  .selectFrom('attempts')
                  .select((inner) => inner.fn.countAll<number>().as('joined'))
                  .whereRef('attempts.quiz_id', '=', 'rounds.quiz_id'),
              )
              .else(1)
              .end(),
          ),
        )
        .execute();
    }
    const attemptIds = [...new Set(batch.map(({ row }) => row.attempt_id))];
    const [rounds, standings] = await Promise.all([
      db.selectFrom('rounds').select(['id', 'reveal_at']).where('id', 'in', roundIds).execute(),
      db
        .selectFrom('answers')
        .innerJoin('rounds', 'rounds.id', 'answers.round_id')
        .select((eb) => ['answers.attempt_id', eb.fn.sum<number>('answers.points').as('score')])
        .where('answers.attempt_id', 'in', attemptIds)
        .where('rounds.reveal_at', '<=', at)
        .groupBy('answers.attempt_id')
        .execute(),
    ]);
    const revealAt = new Map(rounds.map((round) => [toCount(round.id), round.reveal_at === null ? null : toCount(round.reveal_at)]));
    const score = new Map(standings.map((standing) => [toCount(standing.attempt_id), toCount(standing.score)]));
    return batch.map(({ row }) => ({
      inserted: written.has(keyOf(row.attempt_id, row.question_id)),
      revealAt: revealAt.get(row.round_id) ?? null,
      score: score.get(row.attempt_id) ?? 0,
      at,
    }));
  }

  async function settle(batch: Pending[]): Promise<void> {
    try {
      const results = await writeBatch(batch);
      batch.forEach((pending, index) => pending.resolve(results[index] as WrittenAnswer));
    } catch (error) {
      // One bad answer must not fail the others: each is written again on its own.
      if (batch.length === 1) (batch[0] as Pending).reject(error);
      else for (const pending of batch) await settle([pending]);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
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
        await settle(batch);
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
