import { matchesSearch } from '../../lib/search-query';
import { canStep, statusesFrom, type QuizMode, type QuizStatus } from '../../lib/quiz-rules';
import type { QuestionRow } from '../../store/questions';
import type { QuizRow } from '../../store/quizzes';
import type { LiveQuizCounts } from '../../lib/contract/live';

export type { QuizRow };

/** A mirrored question as the picker reads it. */
export type QuizQuestionRow = Pick<QuestionRow, 'localId' | 'serverId' | 'syncState' | 'serverCopy' | 'description'> & {
  category?: QuestionRow['category'] | null;
};

/** Rows per page of List Quiz (the spec's constant 10, the server's page size). */
export const QUIZZES_PAGE_SIZE = 10;

/** The server's order (newest first); quizzes not yet on the server come first, newest first too. */
function compareQuizzes(a: QuizRow, b: QuizRow): number {
  if (a.serverId === null || b.serverId === null) {
    if (a.serverId !== null) return 1;
    if (b.serverId !== null) return -1;
    return a.localId < b.localId ? -1 : 1;
  }
  return b.serverId - a.serverId;
}

/** The quizzes matching the search (the server's searched fields); a cleared search shows them all. */
export function visibleQuizzes(rows: readonly QuizRow[], search: string): QuizRow[] {
  return rows
    .filter((row) => matchesSearch([row.name, row.description, row.join_code, row.quiz_hash, row.sponsor_name], search))
    .sort(compareQuizzes);
}

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

/** A row of List Quiz with what its cells show and its live controls need, computed once for all its cells. */
export interface QuizEntry {
  row: QuizRow;
  state: QuizLiveState;
  controls: QuizControls;
  viewerLink: string | null;
}

/** The fields of a mirrored quiz that List Quiz's cells show or act on. */
const SHOWN_FIELDS = [
  'localId',
  'serverId',
  'syncState',
  'name',
  'quiz_hash',
  'start_date_time',
  'end_date_time',
  'attempts_count',
] as const;

/**
 * Whether two renderings of a row would look and act the same, so an unchanged row can skip its render (the
 * mirror gives new row objects on every change of any quiz). A field a cell starts to show belongs here too.
 */
export function sameQuizEntry(a: QuizEntry, b: QuizEntry): boolean {
  if (a === b) return true;
  return (
    SHOWN_FIELDS.every((field) => Object.is(a.row[field], b.row[field])) &&
    a.state.mode === b.state.mode &&
    a.state.status === b.state.status &&
    a.state.question_no === b.state.question_no &&
    a.state.question_count === b.state.question_count &&
    a.controls.previous === b.controls.previous &&
    a.controls.next === b.controls.next &&
    a.controls.resetAttempts === b.controls.resetAttempts &&
    a.controls.disabledReason === b.controls.disabledReason &&
    a.controls.statuses.join() === b.controls.statuses.join() &&
    a.viewerLink === b.viewerLink
  );
}

/** Whether two pages of List Quiz render the same: the same rows in the same order, each rendering as it did. */
export function sameQuizEntries(previous: readonly QuizEntry[], next: readonly QuizEntry[]): boolean {
  return (
    previous.length === next.length &&
    next.every((entry, index) => {
      const before = previous[index];
      return before !== undefined && sameQuizEntry(before, entry);
    })
  );
}
