import type { FastifyBaseLogger } from 'fastify';
import type { Database as AdminDatabase } from 'firebase-admin/database';
import type { Kysely } from 'kysely';
import { LIVE_QUIZZES_PATH, liveQuizPath, type LiveQuiz } from '../../src/lib/contract/live';
import type { Database } from '../db/schema';
import { liveStateOf, questionIdsOf } from '../quizzes/quiz-read';
import type { QuizEvents, QuizLiveState } from '../quizzes/quiz-events';

// Writes each quiz's live node /live/quizzes/{quiz_hash} (decisions §4) with firebase-admin. Writes are
// not awaited by the REST call: while Firebase is unreachable the admin SDK queues them (in order) and
// the call would hang; a failure is logged and never fails the saved write.

/** The node of a quiz (src/lib/contract/live.ts); Firebase drops its null fields, readers restore them. */
export function liveNodeOf(quiz: QuizLiveState): LiveQuiz {
  return {
    status: quiz.status,
    mode: quiz.mode,
    question_no: quiz.question_no,
    question_count: quiz.question_count,
    question_started_at: quiz.question_started_at,
    question_ends_at: quiz.question_ends_at,
    updated_at: Date.parse(quiz.updated_at),
  };
}

export interface LivePublisher extends QuizEvents {
  /** Writes every quiz's node and removes nodes of quizzes that no longer exist (on start). */
  republishAll(db: Kysely<Database>): Promise<void>;
  /** Resolves once every write started so far has settled (tests, shutdown). */
  flush(): Promise<void>;
}

export function livePublisher(database: AdminDatabase, log: Pick<FastifyBaseLogger, 'error'>): LivePublisher {
  const pending = new Set<Promise<void>>();

  function track(what: string, write: Promise<void>): void {
    const settled = write.catch((error: unknown) => log.error({ err: error }, `live channel: ${what} not published`));
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  }

  return {
    onQuizChanged(quiz) {
      track(`quiz ${quiz.quiz_hash}`, database.ref(liveQuizPath(quiz.quiz_hash)).set(liveNodeOf(quiz)));
    },
    onQuizDeleted(quizHash) {
      track(`deletion of quiz ${quizHash}`, database.ref(liveQuizPath(quizHash)).remove());
    },
    async republishAll(db) {
      const rows = await db.selectFrom('quizzes').selectAll().execute();
      const questions = await questionIdsOf(
        db,
        rows.map((row) => row.id),
      );
      const nodes: Record<string, LiveQuiz> = {};
      for (const row of rows) nodes[row.quiz_hash] = liveNodeOf(liveStateOf(row, questions.get(row.id)?.length ?? 0));
      track('republish of every quiz', database.ref(LIVE_QUIZZES_PATH).set(nodes));
      await this.flush();
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
