import { canStep, statusesFrom, type QuizMode, type QuizStatus } from '../../../lib/quiz-rules';
import type { LiveQuizCounts } from '../../../lib/contract/live';
import type { QuizRow } from '../../store/quizzes';

// A quiz's live state and what its live controls allow: read by List Quiz's rows, the control screen and the stage.

/** The live part of a quiz (docs/decisions.md "Live quiz state"), as the realtime node or the mirrored row gives it. */
export interface QuizLiveState {
  mode: QuizMode;
  status: QuizStatus;
  question_no: number;
  question_count: number;
}

/** The realtime node's fields a row uses; `updated_at` in epoch ms says which of node and row is newer. */
export interface LiveQuizNode extends QuizLiveState {
  updated_at: number;
}

/**
 * A row's live state: the realtime node when it is at least as new as the mirrored row (the live channel
 * of the live channel passes it in), otherwise the row's own fields.
 */
export function liveStateOf(row: QuizRow, live?: LiveQuizNode | null): QuizLiveState {
  const rowUpdated = row.updated_at ? Date.parse(row.updated_at) : 0;
  if (live && live.updated_at >= rowUpdated) {
    return { mode: live.mode, status: live.status, question_no: live.question_no, question_count: live.question_count };
  }
  return { mode: row.mode, status: row.status, question_no: row.question_no ?? 1, question_count: row.questions.length };
}

/** The question cell: "n / count" for MANUAL quizzes, N/A for the others (the specification's List Quiz screen). */
export function questionCellText(state: QuizLiveState): string {
  return state.mode === 'MANUAL' ? `${state.question_no} / ${state.question_count}` : 'N/A';
}

/** What List Quiz's live controls allow for a row, and why not when they are disabled. */
export interface QuizControls {
  previous: boolean;
  next: boolean;
  statuses: QuizStatus[];
  /** Why every control is disabled (offline, not yet on the server), or null. */
  disabledReason: string | null;
  resetAttempts: boolean;
}

export const OFFLINE_REASON = 'Live controls need a connection: they are never queued for later.';
export const NOT_SYNCED_REASON = 'This quiz is not on the server yet: live controls wait for it to sync.';

export function quizControls(row: QuizRow, state: QuizLiveState, online: boolean): QuizControls {
  const disabledReason = !online ? OFFLINE_REASON : row.serverId === null ? NOT_SYNCED_REASON : null;
  const allowed = disabledReason === null;
  return {
    previous: allowed && canStep(state, 'previous'),
    next: allowed && canStep(state, 'next'),
    statuses: statusesFrom(state.mode, state.status),
    disabledReason,
    resetAttempts: allowed && (row.attempts_count ?? 0) > 0,
  };
}

/** The players of a quiz as List Quiz and the control screen show them: joined, answered the current question. */
export interface PlayerCounts {
  joined: number;
  /** undefined: not known (the quiz is past its questions and no count of its last one was seen here). */
  answered: number | undefined;
}

/** Statuses after the questions: the server counts the answers of an open question only, so its node says 0. */
const PAST_QUESTIONS: ReadonlySet<QuizStatus> = new Set(['RESULT_AWAITED', 'RESULT_ANNOUNCED', 'COMPLETED']);

/**
 * The counts to show from the quiz's counts node: null while it has not arrived (unknown, not zero); none (no node)
 * is zero. The answered count is of the node's question: right after a step, until the server writes the counts of
 * the new question, the screen's question has none answered yet. Once the quiz is past its questions the node's
 * answered count is 0 though everybody answered: the last count seen while it was Started (`lastAnswered`) stands,
 * or it is not known, never a false 0.
 */
export function playerCountsOf(
  counts: Pick<LiveQuizCounts, 'joined' | 'answered' | 'question_no'> | null | undefined,
  state: Pick<QuizLiveState, 'question_no'> & { status?: QuizStatus },
  lastAnswered?: number,
): PlayerCounts | null {
  if (counts === undefined) return null;
  if (state.status !== undefined && PAST_QUESTIONS.has(state.status)) return { joined: counts?.joined ?? 0, answered: lastAnswered };
  if (counts === null) return { joined: 0, answered: 0 };
  return { joined: counts.joined, answered: counts.question_no === state.question_no ? counts.answered : 0 };
}
