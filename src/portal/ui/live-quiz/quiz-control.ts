import type { OptionMap } from '../../../lib/options-codec';
import { statusesFrom, type QuizMode, type QuizStatus } from '../../../lib/quiz-rules';

// The quizmaster's control screen, its pure part: which question is on stage, the next status, the
// countdown of an AUTO quiz in server time, and the presenter clicker's keys.

/** A mirrored question as the control screen shows it. */
export interface StageQuestion {
  description: string;
  options?: string | string[];
  option_map?: OptionMap;
}

/** The key (server id or local key) of the question on stage, or null outside 1..count. */
export function stageQuestionKey(questions: readonly (number | string)[], questionNo: number): number | string | null {
  return questions[questionNo - 1] ?? null;
}

/** The status after the current one in the mode's order, or null at the end. */
export function nextStatusOf(mode: QuizMode, status: QuizStatus): QuizStatus | null {
  return statusesFrom(mode, status)[1] ?? null;
}

export type CountdownPhase = 'get-ready' | 'answering' | 'time-up';

export interface Countdown {
  phase: CountdownPhase;
  /** Whole seconds left in the phase (0 once time is up). */
  seconds: number;
}

export interface QuestionClock {
  question_started_at: number | null;
  question_ends_at: number | null;
}

/**
 * An AUTO question's countdown at `serverNow` (epoch ms, server time): the before_qs_timer alert from
 * question_started_at, then answering until question_ends_at. Null without the server's clock.
 */
export function countdownAt(clock: QuestionClock, beforeSeconds: number, serverNow: number): Countdown | null {
  const { question_started_at: started, question_ends_at: ends } = clock;
  if (started === null || ends === null) return null;
  const answeringFrom = started + beforeSeconds * 1000;
  if (serverNow < answeringFrom) return { phase: 'get-ready', seconds: Math.ceil((answeringFrom - serverNow) / 1000) };
  if (serverNow < ends) return { phase: 'answering', seconds: Math.ceil((ends - serverNow) / 1000) };
  return { phase: 'time-up', seconds: 0 };
}

export const COUNTDOWN_LABELS: Record<CountdownPhase, string> = {
  'get-ready': 'Get ready',
  answering: 'Time left',
  'time-up': 'Time is up',
};

export { clickerActionOf, type ClickerAction } from './clicker-keys';

/** The presenter keys' hint: only MANUAL quizzes are stepped by hand (AUTO moves on its timers). */
export function steppingKeysHint(mode: QuizMode): string | null {
  return mode === 'MANUAL' ? 'Keys: → / Page Down / Space next, ← / Page Up previous.' : null;
}

/** Status changes asked about first: the players see the results, or the quiz ends for good. */
export function statusNeedsConfirmation(status: QuizStatus): boolean {
  return status === 'RESULT_ANNOUNCED' || status === 'COMPLETED';
}

/** What a confirmed change does, in the confirmation's words. */
export function statusConsequence(status: QuizStatus): string {
  if (status === 'RESULT_ANNOUNCED') return 'Every player and the stage see the results and the top ten now.';
  if (status === 'COMPLETED') return 'The quiz ends for everyone: nobody can join or answer any more.';
  return '';
}
