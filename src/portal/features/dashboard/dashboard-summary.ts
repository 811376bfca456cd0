import { QUIZ_STATUSES, STATUS_LABELS, type QuizStatus } from '../../../lib/quiz-rules';

/** A quiz as the dashboard reads it from the mirror. */
export interface DashboardQuiz {
  localId: string;
  serverId: number | null;
  name: string;
  status?: QuizStatus;
  mode?: string;
  question_no?: number;
  question_count?: number;
}

/** Statuses during which a quiz is on stage: viewers can join or play (ANNOUNCED waits, the rest is over). */
const LIVE_STATUSES: ReadonlySet<QuizStatus> = new Set(['ACTIVATED', 'STARTED', 'RESULT_AWAITED']);

/** How many quizzes are in each status, in the status order, with the spec's labels. */
export function quizzesByStatus(quizzes: readonly DashboardQuiz[]): { status: QuizStatus; label: string; count: number }[] {
  return QUIZ_STATUSES.map((status) => ({
    status,
    label: STATUS_LABELS[status],
    count: quizzes.filter((quiz) => (quiz.status ?? 'ANNOUNCED') === status).length,
  }));
}

/** The quizzes live now, by name. */
export function liveQuizzes(quizzes: readonly DashboardQuiz[]): DashboardQuiz[] {
  return quizzes.filter((quiz) => quiz.status !== undefined && LIVE_STATUSES.has(quiz.status)).sort((a, b) => a.name.localeCompare(b.name));
}
