import { encodeOptions, optionsOfQuestion } from '../../../lib/options-codec';
import type { CsvQuestion, CsvRow } from '../../../lib/question-csv';
import { createQuestionsByCategoryName } from '../../store/questions';
import { categoryNameOf, type CategoryChoice, type QuestionRow } from './question-rows';

const nameKey = (name: string) => name.trim().toLowerCase();

/** The category names of the file that no category has yet (compared as the server does: case-insensitively). */
export function newCategoryNames(rows: readonly CsvRow[], categories: readonly CategoryChoice[]): string[] {
  const known = new Set(categories.map((category) => nameKey(category.name)));
  const found = new Map<string, string>();
  for (const row of rows) {
    const key = nameKey(row.category);
    if (row.errors.length === 0 && !known.has(key) && !found.has(key)) found.set(key, row.category.trim());
  }
  return [...found.values()];
}

/**
 * Saves the importable rows in one transaction (all or nothing): unknown categories are created first, then
 * each question references its category by key. Everything goes through the outbox, so it works offline.
 * Returns how many questions were queued.
 */
export async function importQuestions(rows: readonly CsvRow[]): Promise<number> {
  const ready = rows.filter((row) => row.errors.length === 0);
  await createQuestionsByCategoryName(
    ready.map((row) => ({
      categoryName: row.category,
      payload: { description: row.description, hint: row.hint, options: encodeOptions(row.options), correct_option: row.correctOption },
    })),
    nameKey,
    (categories) => newCategoryNames(ready, categories),
  );
  return ready.length;
}

/** The bank as CSV rows (category by name), in the list's order. */
export function csvQuestionsOf(rows: readonly QuestionRow[], names: ReadonlyMap<string, string>): CsvQuestion[] {
  return rows.map((row) => {
    const options = optionsOfQuestion(row);
    return {
      category: categoryNameOf(row, names),
      description: row.description,
      hint: row.hint ?? '',
      options: { A: options.a, B: options.b, C: options.c, D: options.d },
      correctOption: row.correct_option,
    };
  });
}
