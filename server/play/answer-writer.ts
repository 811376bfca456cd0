import { SqliteAdapter, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import { toCount } from '../db/rows';
import type { Database } from '../db/schema';
import {
  insertQuery,
  powerOfTwoRuns,
  revealAtQuery,
  revealQuery,
  scoreUpdate,
  standingsQuery,
  type AnswerRow,
  type InsertedRow,
  type QueuedAnswer,
  type Sum,
} from './answer-statements';
import { postgresInsertQuery, postgresRevealQuery } from './answer-statements-postgres';

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

export interface WrittenAnswer {
  inserted: boolean;
  /** The round's reveal time after this batch (null: not known to be revealed). */
  revealAt: number | null;
  /** The attempt's score over the rounds revealed at `at`. */
  score: number;
  /** The moment the batch was written at. */
  at: number;
}

interface Pending extends QueuedAnswer {
  resolve: (written: WrittenAnswer) => void;
  reject: (error: unknown) => void;
}

/** Most answers per batch (keeps one commit short and under the databases' bound on parameters). */
const MAX_BATCH = 500;
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
