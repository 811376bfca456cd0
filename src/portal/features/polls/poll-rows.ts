import { matchesSearch } from '../../../lib/search-query';
import { dayText } from '../../../lib/date-text';
import type { ChoiceRow, PollRow } from '../../store/polls';

export type { ChoiceRow, PollRow };

/** Rows per page (the server's page size, the specification's constant 10). */
export const POLLS_PAGE_SIZE = 10;

/** The server's order: newest first; polls not on the server yet come first, as they are the newest. */
function compareNewestFirst(a: PollRow, b: PollRow): number {
  if (!a.created_at || !b.created_at) return a.created_at ? 1 : b.created_at ? -1 : 0;
  return b.created_at.localeCompare(a.created_at) || (b.serverId ?? 0) - (a.serverId ?? 0);
}

/** The polls matching the search (by name, as the server searches), newest first; a cleared search shows all. */
export function visiblePolls(rows: readonly PollRow[], search: string): PollRow[] {
  return rows.filter((row) => matchesSearch([row.name], search)).sort(compareNewestFirst);
}

/** Whether a choice belongs to the poll (its reference is either key of the poll). */
export function isChoiceOf(choice: Pick<ChoiceRow, 'question'>, poll: Pick<PollRow, 'localId' | 'serverId'>): boolean {
  return choice.question === poll.localId || (poll.serverId !== null && choice.question === poll.serverId);
}

/** Choices in the order they were added (server id order; ones added offline last). */
export function orderedChoices(choices: readonly ChoiceRow[]): ChoiceRow[] {
  return [...choices].sort((a, b) => (a.serverId ?? Number.MAX_SAFE_INTEGER) - (b.serverId ?? Number.MAX_SAFE_INTEGER));
}

/** The Created date column: the server's date, or a dash before the server has the poll. */
export function createdDate(row: Pick<PollRow, 'created_at'>): string {
  return dayText(row.created_at);
}

/** Join codes are 1 to 4 digits: other characters and a fifth digit are ignored as typed (the specification's validation rules and constants). */
export function joinCodeInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4);
}
