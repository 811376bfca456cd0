import { QUIZ_MODES, QUIZ_STATUSES, type QuizMode, type QuizStatus } from '../lib/quiz-rules';

// The value of /live/quizzes/{quiz_hash} (decisions §4) as screens use it. Firebase drops null fields,
// so a missing question clock comes back as null here; a malformed node reads as no node.

export interface LiveQuiz {
  status: QuizStatus;
  mode: QuizMode;
  question_no: number;
  question_count: number;
  /** Epoch ms (server time) the current question opened; its before_qs_timer alert runs from here. */
  question_started_at: number | null;
  /** Epoch ms (server time) its answering time ends (self-paced AUTO: the quiz's end). */
  question_ends_at: number | null;
  /** The quiz's updated_at in epoch ms: compare with a mirrored row to know which is newer. */
  updated_at: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const orNull = (value: unknown): number | null => (isNumber(value) ? value : null);

export function parseLiveQuiz(value: unknown): LiveQuiz | null {
  if (typeof value !== 'object' || value === null) return null;
  const node = value as Record<string, unknown>;
  const status = QUIZ_STATUSES.find((known) => known === node.status);
  const mode = QUIZ_MODES.find((known) => known === node.mode);
  if (!status || !mode || !isNumber(node.question_no) || !isNumber(node.question_count) || !isNumber(node.updated_at)) return null;
  return {
    status,
    mode,
    question_no: node.question_no,
    question_count: node.question_count,
    question_started_at: orNull(node.question_started_at),
    question_ends_at: orNull(node.question_ends_at),
    updated_at: node.updated_at,
  };
}
