import type { FastifyBaseLogger } from 'fastify';
import type { Database as AdminDatabase } from 'firebase-admin/database';
import { LIVE_QUIZZES_PATH, liveQuizPath, type LiveQuiz } from '../../src/lib/contract/live';
import { countLiveWrite } from '../metrics/metrics';
import type { QuizEvents, QuizLiveState } from './quiz-events';

// Writes each quiz's live node /live/quizzes/{quiz_hash} (docs/decisions.md "Live quiz state") with firebase-admin. Writes are
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

/** What a republish did. */
export interface RepublishSummary {
  /** Nodes written: missing, or older than the database's state. */
  written: number;
  /** Nodes of quizzes that no longer exist, removed. */
  removed: number;
  /** Nodes already as new as the database's state, left alone. */
  current: number;
}

/** Whether a published node is missing or behind the database's state of its quiz. */
function isOlder(published: Partial<LiveQuiz> | null | undefined, node: LiveQuiz): boolean {
  return typeof published?.updated_at !== 'number' || published.updated_at < node.updated_at;
}

export interface LivePublisher extends QuizEvents {
  /** Any other live node (Play's counts, top ten and polls): set at `path`, fire-and-forget like the quiz node. */
  write(path: string, value: unknown): void;
  remove(path: string): void;
  /**
   * On start: writes each quiz's node only where it is missing or older than the quiz's updated_at, and
   * removes nodes of quizzes that no longer exist. A restarting instance never rolls back a running quiz
   * that another instance moved on meanwhile. `readQuizzes` reads every quiz's state from the database
   * (quizzes/quiz-read.ts), after the channel was read. Resolves once every write settled.
   */
  republishAll(readQuizzes: () => Promise<QuizLiveState[]>): Promise<RepublishSummary>;
  /** Resolves once every write started so far has settled (tests, shutdown). */
  flush(): Promise<void>;
}

export function livePublisher(database: AdminDatabase, log: Pick<FastifyBaseLogger, 'error'>): LivePublisher {
  const pending = new Set<Promise<void>>();

  function track(what: string, write: Promise<void>): void {
    const settled = write.then(
      () => countLiveWrite('ok'),
      (error: unknown) => {
        countLiveWrite('failed');
        log.error({ err: error }, `live channel: ${what} not published`);
      },
    );
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
    write(path, value) {
      track(path, database.ref(path).set(value));
    },
    remove(path) {
      track(`removal of ${path}`, database.ref(path).remove());
    },
    async republishAll(readQuizzes) {
      // The channel is read before the database: a node written after this read comes from a change that
      // committed before it was published, which the database read below already sees. So a node missing
      // from the database's quizzes belongs to a deleted quiz.
      const published = ((await database.ref(LIVE_QUIZZES_PATH).get()).val() ?? {}) as Record<string, Partial<LiveQuiz>>;
      const quizzes = await readQuizzes();
      const summary: RepublishSummary = { written: 0, removed: 0, current: 0 };
      for (const quiz of quizzes) {
        const node = liveNodeOf(quiz);
        if (!isOlder(published[quiz.quiz_hash], node)) {
          summary.current += 1;
          continue;
        }
        summary.written += 1;
        // A transaction, not a set: another instance may publish a newer state between the read and this write.
        const write = database
          .ref(liveQuizPath(quiz.quiz_hash))
          .transaction((existing: Partial<LiveQuiz> | null) => (isOlder(existing, node) ? node : undefined));
        track(
          `republish of quiz ${quiz.quiz_hash}`,
          write.then(() => undefined),
        );
      }
      const hashes = new Set(quizzes.map((quiz) => quiz.quiz_hash));
      for (const hash of Object.keys(published)) {
        if (hashes.has(hash)) continue;
        summary.removed += 1;
        track(`removal of deleted quiz ${hash}`, database.ref(liveQuizPath(hash)).remove());
      }
      await this.flush();
      return summary;
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
