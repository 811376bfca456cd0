// The quiz's status order and stepping rules (the specification's states, docs/decisions.md "Quiz rules"), shared by the portal's List Quiz
// controls and the server's validation so both refuse the same moves. Pure: no React, no server imports.

export const QUIZ_MODES = ['AUTO', 'MANUAL'] as const;
export type QuizMode = (typeof QUIZ_MODES)[number];

export const QUIZ_STATUSES = ['ANNOUNCED', 'ACTIVATED', 'STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED'] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];

export const STATUS_LABELS: Record<QuizStatus, string> = {
  ANNOUNCED: 'Announced',
  ACTIVATED: 'Activated',
  STARTED: 'Started',
  RESULT_AWAITED: 'Result Awaited',
  RESULT_ANNOUNCED: 'Result Announced',
  COMPLETED: 'Completed',
};

/** The status lookup keyed by mode: AUTO has no ACTIVATED step, the admin activates MANUAL quizzes. */
export const STATUS_ORDER: Record<QuizMode, readonly QuizStatus[]> = {
  AUTO: ['ANNOUNCED', 'STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED'],
  MANUAL: ['ANNOUNCED', 'ACTIVATED', 'STARTED', 'RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED'],
};

export const DEFAULT_STATUS: QuizStatus = 'ANNOUNCED';

/** The statuses of a mode, in order; AUTO when no mode is chosen yet (a new quiz draft). */
export function statusOrder(mode: QuizMode | null | undefined): readonly QuizStatus[] {
  return STATUS_ORDER[mode ?? 'AUTO'];
}

/**
 * The statuses a quiz may be set to: its current one and the later ones. A status the mode does not
 * have (after a mode change) counts as the start of the order.
 */
export function statusesFrom(mode: QuizMode | null | undefined, current: QuizStatus | null | undefined): QuizStatus[] {
  const order = statusOrder(mode);
  const index = current ? order.indexOf(current) : -1;
  return order.slice(Math.max(index, 0));
}

/** Whether a quiz in `mode` may go from `from` to `to` (staying put is allowed; going back is not). */
export function canMoveStatus(mode: QuizMode | null | undefined, from: QuizStatus | null | undefined, to: QuizStatus): boolean {
  return statusesFrom(mode, from).includes(to);
}

export type StepDirection = 'previous' | 'next';

export interface SteppableQuiz {
  mode: QuizMode | null | undefined;
  status: QuizStatus;
  question_no: number;
  question_count: number;
}

/** Previous/next question: MANUAL only, while STARTED, staying within 1..question count. */
export function canStep(quiz: SteppableQuiz, direction: StepDirection): boolean {
  if (quiz.mode !== 'MANUAL' || quiz.status !== 'STARTED') return false;
  return direction === 'previous' ? quiz.question_no > 1 : quiz.question_no < quiz.question_count;
}

/** Whether question_no may be set to `target`: the same conditions as stepping, for any number in range. */
export function canSetQuestionNo(quiz: SteppableQuiz, target: number): boolean {
  if (quiz.mode !== 'MANUAL' || quiz.status !== 'STARTED') return false;
  return Number.isInteger(target) && target >= 1 && target <= quiz.question_count;
}

export const JOIN_CODE_MAX_LENGTH = 4;
export const JOIN_CODE_MESSAGE = 'Enter a join code of 1 to 4 digits.';

/** What a join code input keeps: digits only, at most 4; further input is ignored (the specification's validation rules). */
export function normaliseJoinCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, JOIN_CODE_MAX_LENGTH);
}

/** A join code as the server stores it: 1 to 4 digits. */
export function isJoinCode(value: string): boolean {
  return /^[0-9]{1,4}$/.test(value);
}
