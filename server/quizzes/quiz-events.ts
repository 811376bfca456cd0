import type { QuizMode, QuizStatus } from '../../src/lib/quiz-rules';

// What a live publisher (decisions §4: the realtime database node /live/quizzes/{quiz_hash}) needs to
// hear. Every quiz write goes through quiz-service.ts, which calls these after its transaction commits;
// buildApp takes them as a dependency (no-op by default), so a publisher plugs in without touching routes.

export interface QuizLiveState {
  id: number;
  client_id: number;
  quiz_hash: string;
  status: QuizStatus;
  mode: QuizMode;
  question_no: number;
  question_count: number;
  question_started_at: number | null;
  question_ends_at: number | null;
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
