import { SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

// Group commit of small writes (joins: the viewer, the attempt and its token): the writes that arrive while
// one transaction commits run together in the next one, one after another, so a burst of 1,000 joins costs a
// few commits (fsyncs) instead of two each. A write that refuses (an HttpError: attempts used up) is
// refused alone and the others commit, what it wrote before refusing with them (as when each committed on its
// own). Any other failure rolls the batch back and each write runs again in a transaction of its own, so one
// bad write never fails another.
//
// SQLite only: there the driver is synchronous and one connection serves every request, so each commit's fsync
// stalls the whole server. PostgreSQL commits on a pool of connections at once (and groups their fsyncs
// itself): a shared transaction would run the joins one after another on one connection (bench play: 35-37
// joins/s against 42-44 each in its own), so there each write has its own transaction, run at once.

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Most writes per transaction (on PostgreSQL the batch holds one connection while it runs). */
const MAX_BATCH = 100;

/** A refusal is an outcome (its transaction commits what was written before it); any other error throws. */
async function outcomeOf(work: Work<unknown>, trx: Transaction<Database>): Promise<Outcome> {
  try {
    return { ok: true, value: await work(trx) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ok: false, error };
  }
}

export function groupCommit(db: Kysely<Database>) {
  const grouped = db.getExecutor().adapter instanceof SqliteAdapter;
  let queue: Pending[] = [];
  let running = false;

  async function runBatch(batch: readonly Pending[]): Promise<Outcome[]> {
    return db.transaction().execute(async (trx) => {
      const outcomes: Outcome[] = [];
      for (const pending of batch) outcomes.push(await outcomeOf(pending.work, trx));
      return outcomes;
    });
  }

  async function settle(batch: readonly Pending[]): Promise<void> {
    try {
      const outcomes = await runBatch(batch);
      batch.forEach((pending, index) => {
        const outcome = outcomes[index] as Outcome;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.error);
      });
    } catch (error) {
      if (batch.length === 1) (batch[0] as Pending).reject(error);
      else for (const pending of batch) await settle([pending]);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        await settle(batch);
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Runs `work` in a transaction shared with the writes arriving with it; resolves once committed. */
    run<T>(work: Work<T>): Promise<T> {
      if (!grouped) {
        return db
          .transaction()
          .execute((trx) => outcomeOf(work, trx))
          .then((outcome) => {
            if (!outcome.ok) throw outcome.error;
            return outcome.value as T;
          });
      }
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // Started once the event loop has read every request that arrived with this one (see answer-writer.ts).
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
