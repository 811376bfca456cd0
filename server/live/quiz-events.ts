import type { LiveQuiz } from '../../src/lib/contract/live';

// What a live publisher (docs/decisions.md "Live quiz state": the realtime database node /live/quizzes/{quiz_hash}) needs to
// hear. Every quiz write goes through quiz-service.ts, which calls these after its transaction commits;
// buildApp takes them as a dependency (no-op by default), so a publisher plugs in without touching routes.

/**
 * A quiz's live state as the server holds it: the live node's fields (src/lib/contract/live.ts), with the
 * row's updated_at as stored, and what the scheduler needs besides.
 */
export interface QuizLiveState extends Omit<LiveQuiz, 'updated_at'> {
  id: number;
  client_id: number;
  quiz_hash: string;
  start_date_time: string;
  end_date_time: string;
  updated_at: string;
}

export interface QuizEvents {
  onQuizChanged(quiz: QuizLiveState): void | Promise<void>;
  onQuizDeleted(quizHash: string): void | Promise<void>;
}

export const noQuizEvents: QuizEvents = {
  onQuizChanged() {},
  onQuizDeleted() {},
};
