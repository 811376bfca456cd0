import { OPTION_LETTERS, optionsOfQuestion, type OptionLetter } from '../../../lib/options-codec';
import { searchTerms } from '../../../lib/search-query';

import type { CategoryRow } from '../../store/categories';
import type { QuestionRow } from '../../store/questions';

export type { QuestionRow };

/** A category as the question screens need it: its key and name. */
export type CategoryChoice = CategoryRow;

/** Rows shown per page (the spec's constant 10, the server's page size). */
export const QUESTIONS_PAGE_SIZE = 10;

/** The letters this question has an option for (the edit page shows one field per existing option). */
export function existingLetters(row: Pick<QuestionRow, 'options' | 'option_map'>): OptionLetter[] {
  const map = optionsOfQuestion(row);
  const letters = OPTION_LETTERS.filter((letter) => map[letter.toLowerCase() as Lowercase<OptionLetter>] !== '');
  return letters.length > 0 ? letters : [...OPTION_LETTERS];
}

/** Category names by every key a question may hold for its category (server id or local id). */
export function categoryNames(categories: readonly CategoryChoice[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const category of categories) {
    names.set(category.localId, category.name);
    if (category.serverId !== null) names.set(String(category.serverId), category.name);
  }
  return names;
}

export function categoryNameOf(row: Pick<QuestionRow, 'category'>, names: ReadonlyMap<string, string>): string {
  return names.get(String(row.category)) ?? '';
}

/** The list's order: the server's (newest id first), questions not on the server yet before them. */
function compareQuestions(a: QuestionRow, b: QuestionRow): number {
  return (b.serverId ?? Number.MAX_SAFE_INTEGER) - (a.serverId ?? Number.MAX_SAFE_INTEGER);
}

export interface SearchEntry {
  row: QuestionRow;
  /** The searched fields (description, hint, options, category name), lower-cased once. */
  text: string;
}

/**
 * The list's search index: rows in list order with their searched text prepared, built once per change of
 * the mirror so a keystroke only scans prepared strings (10,000 questions stay fast).
 */
export function buildSearchIndex(rows: readonly QuestionRow[], names: ReadonlyMap<string, string>): SearchEntry[] {
  return [...rows].sort(compareQuestions).map((row) => {
    const options = Object.values(optionsOfQuestion(row)).join('\n');
    return { row, text: [row.description, row.hint ?? '', options, categoryNameOf(row, names)].join('\n').toLowerCase() };
  });
}

/**
 * The rows matching the search as the server filters (every term in some searched field; terms hold no
 * whitespace, so one joined text gives the same answer); a cleared search gives every row.
 */
export function searchQuestions(index: readonly SearchEntry[], search: string): QuestionRow[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return index.map((entry) => entry.row);
  const rows: QuestionRow[] = [];
  for (const entry of index) if (terms.every((term) => entry.text.includes(term))) rows.push(entry.row);
  return rows;
}
