import { matchesSearch } from '../../lib/search-query';
import { dayText } from '../../lib/date-text';
import type { CategoryRow } from '../../store/categories';

export type { CategoryRow };

/** Rows shown per page (the spec's constant 10, the server's page size). */
export const CATEGORIES_PAGE_SIZE = 10;

/** The server's order (lower-cased name, then id), rows not yet on the server after their namesakes. */
function compareCategories(a: CategoryRow, b: CategoryRow): number {
  const byName = a.name.toLowerCase().localeCompare(b.name.toLowerCase(), undefined, { sensitivity: 'variant' });
  if (byName !== 0) return byName;
  return (a.serverId ?? Number.MAX_SAFE_INTEGER) - (b.serverId ?? Number.MAX_SAFE_INTEGER);
}

/** The rows matching the search (the server's rule), in the server's order; a cleared search shows all. */
export function visibleCategories(rows: readonly CategoryRow[], search: string): CategoryRow[] {
  return rows.filter((row) => matchesSearch([row.name], search)).sort(compareCategories);
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
