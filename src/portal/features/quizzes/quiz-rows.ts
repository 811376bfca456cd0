import { matchesSearch } from '../../../lib/search-query';
import type { QuestionRow } from '../../store/questions';
import type { QuizRow } from '../../store/quizzes';
import type { QuizControls, QuizLiveState } from '../../ui/live-quiz/quiz-live-state';

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
