import { matchesSearch } from '../../../lib/search-query';
import { dayText } from '../../../lib/date-text';
import type { CategoryRow } from '../../store/categories';

export type { CategoryRow };

/** Rows shown per page (the spec's constant 10, the server's page size). */
export const CATEGORIES_PAGE_SIZE = 10;

/**
 * Compares names as `localeCompare(other, undefined, { sensitivity: 'variant' })` does, made once: localeCompare
 * with options builds a collator per call, which for 200 categories was most of the sort's time.
 */
let nameCollator: Intl.Collator | undefined;

/** The server's order (lower-cased name, then id), rows not yet on the server after their namesakes. */
function sortCategories(rows: CategoryRow[]): CategoryRow[] {
  nameCollator ??= new Intl.Collator(undefined, { sensitivity: 'variant' });
  const { compare } = nameCollator;
  // Each name lower-cased once, not once per comparison.
  const keyed = rows.map((row) => ({ row, name: row.name.toLowerCase(), id: row.serverId ?? Number.MAX_SAFE_INTEGER }));
  keyed.sort((a, b) => compare(a.name, b.name) || a.id - b.id);
  return keyed.map(({ row }) => row);
}

/** The rows matching the search (the server's rule), in the server's order; a cleared search shows all. */
export function visibleCategories(rows: readonly CategoryRow[], search: string): CategoryRow[] {
  return sortCategories(rows.filter((row) => matchesSearch([row.name], search)));
}

/** Another category already has this name (the server compares names case-insensitively). */
export function nameTaken(rows: readonly CategoryRow[], name: string, exceptLocalId?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return rows.some((row) => row.localId !== exceptLocalId && row.name.trim().toLowerCase() === wanted);
}

/** The Updated column: the server's date, or a dash for a row the server has not stored yet. */
export function updatedDate(row: Pick<CategoryRow, 'updated_at'>): string {
  return dayText(row.updated_at);
}

/** How many of the questions using a category the list names; the rest are counted. */
export const USED_BY_SHOWN = 3;

/** Where a category is used, as a line: "Used by: Q1; Q2; Q3 and 2 more." (empty when no question here uses it). */
export function usedByText(category: Pick<CategoryRow, 'localId' | 'serverId'>, questions: readonly QuestionUse[]): string {
  const users = questions.filter((question) => question.category === category.serverId || question.category === category.localId);
  if (users.length === 0) return '';
  const named = users.slice(0, USED_BY_SHOWN).map((question) => question.description.trim() || '(no text)');
  const more = users.length - named.length;
  return `Used by: ${named.join('; ')}${more > 0 ? ` and ${more} more` : ''}.`;
}

/** What a category's users are read by: a question's text and its category reference. */
export interface QuestionUse {
  description: string;
  category: number | string;
}

/** The number of questions here that use the category. */
export function usesOf(category: Pick<CategoryRow, 'localId' | 'serverId'>, questions: readonly QuestionUse[]): number {
  return questions.filter((question) => question.category === category.serverId || question.category === category.localId).length;
}
