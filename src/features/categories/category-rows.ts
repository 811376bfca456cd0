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
