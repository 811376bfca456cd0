import type { Insertable, Kysely } from 'kysely';
import type { AnswerTable, Database } from '../db/schema';

// Group commit of answers: when every phone answers at once, the answers that arrive while one transaction
// commits are written together in the next one (one commit, one fsync, for all of them), and each request is
// acknowledged once its answer is committed. An answer that loses on the unique (attempt, question) index
// is reported as not inserted (the caller looks up what was stored), without failing the others.

interface Pending {
  row: Insertable<AnswerTable>;
  resolve: (inserted: boolean) => void;
  reject: (error: unknown) => void;
}

/** Most answers per transaction (keeps one commit short). */
const MAX_BATCH = 500;

export function answerWriter(db: Kysely<Database>) {
  let queue: Pending[] = [];
  let running = false;

  async function writeBatch(batch: Pending[]): Promise<boolean[]> {
    return db.transaction().execute(async (trx) => {
      const inserted: boolean[] = [];
      for (const { row } of batch) {
        const stored = await trx
          .insertInto('answers')
          .values(row)
          .onConflict((conflict) => conflict.columns(['attempt_id', 'question_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        inserted.push(stored !== undefined);
        if (!stored) continue;
        await trx
          .updateTable('attempts')
          .set((eb) => ({ score: eb('score', '+', row.points), time_taken: eb('time_taken', '+', row.seconds) }))
          .where('id', '=', row.attempt_id)
          .execute();
      }
      return inserted;
    });
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        try {
          const inserted = await writeBatch(batch);
          batch.forEach((pending, index) => pending.resolve(inserted[index] === true));
        } catch (error) {
          for (const pending of batch) pending.reject(error);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Resolves true once the answer is committed, false when this attempt had already answered the question. */
    write(row: Insertable<AnswerTable>): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        // The first answer starts a transaction at once; those arriving meanwhile wait for the next one.
        if (!running) void drain();
      });
    },
  };
}
