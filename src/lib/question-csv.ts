import Papa from 'papaparse';
import { categoryPayload } from './contract/category';
import { correctOption, OPTIONS_FORMAT_MESSAGE } from './contract/question';
import { OPTION_LETTERS, type OptionLetter } from './options-codec';

/*
 * The question bank as CSV (docs/decisions.md "Beyond the spec"): one question per row, in the columns below, for
 * import (parsed and checked row by row before anything is saved) and export (the same columns, so an
 * exported file imports again). Exports follow docs/decisions.md "CSV exports": UTF-8 byte-order mark, and cells that a
 * spreadsheet would run as a formula are prefixed with "'"; import takes that prefix off again.
 */

export const QUESTION_CSV_COLUMNS = [
  'category',
  'description',
  'hint',
  'option A',
  'option B',
  'option C',
  'option D',
  'correct option',
] as const;

/** The most rows one import takes (a larger file is refused whole, with a message). */
export const MAX_IMPORT_ROWS = 5000;

export interface CsvQuestion {
  category: string;
  description: string;
  hint: string;
  options: Record<OptionLetter, string>;
  correctOption: string;
}

export interface CsvRow extends CsvQuestion {
  /** The row's line in the file (the header is line 1), for messages. */
  line: number;
  /** Why this row cannot be imported; empty when it can. */
  errors: string[];
}

export interface CsvImport {
  rows: CsvRow[];
  /** Problems of the whole file (missing columns, too many rows); no row is imported then. */
  fileErrors: string[];
}

const FORMULA_START = /^[=+\-@\t\r]/;
const BOM = '\uFEFF';

/** A cell as a spreadsheet may safely open it: a leading = + - @ tab or CR is prefixed with "'". */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell's text as written before export neutralised it. */
function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

const normaliseHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

function checkRow(question: CsvQuestion): string[] {
  const errors: string[] = [];
  const category = categoryPayload.safeParse({ name: question.category });
  if (!category.success) errors.push(`category: ${category.error.issues[0]?.message ?? 'Give a category name.'}`);
  if (!question.description) errors.push('description: This field may not be blank.');
  const missing = OPTION_LETTERS.filter((letter) => !question.options[letter]);
  if (missing.length > 0) errors.push(`${OPTIONS_FORMAT_MESSAGE} Missing: ${missing.join(', ')}.`);
  const correct = correctOption.safeParse(question.correctOption);
  if (!correct.success) errors.push(`correct option: ${correct.error.issues[0]?.message ?? 'Give A, B, C or D.'}`);
  return errors;
}

/** Reads a CSV text into question rows, each with its own problems; nothing here saves anything. */
export function parseQuestionCsv(text: string): CsvImport {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: normaliseHeader,
  });
  const headers = parsed.meta.fields ?? [];
  const missing = QUESTION_CSV_COLUMNS.filter((column) => !headers.includes(normaliseHeader(column)));
  if (missing.length > 0) {
    return { rows: [], fileErrors: [`The file needs the columns ${QUESTION_CSV_COLUMNS.join(', ')}. Missing: ${missing.join(', ')}.`] };
  }
  if (parsed.data.length > MAX_IMPORT_ROWS) {
    return { rows: [], fileErrors: [`The file has ${parsed.data.length} questions; import at most ${MAX_IMPORT_ROWS} at a time.`] };
  }
  const rows = parsed.data.map((record, index): CsvRow => {
    const cell = (column: (typeof QUESTION_CSV_COLUMNS)[number]) => restoreCell((record[normaliseHeader(column)] ?? '').trim());
    const question: CsvQuestion = {
      category: cell('category'),
      description: cell('description'),
      hint: cell('hint'),
      options: { A: cell('option A'), B: cell('option B'), C: cell('option C'), D: cell('option D') },
      correctOption: cell('correct option').toUpperCase(),
    };
    return { ...question, line: index + 2, errors: checkRow(question) };
  });
  // Papaparse reports rows with too few or too many cells; the row keeps what it read, and says so.
  for (const error of parsed.errors) {
    const row = error.row === undefined ? undefined : rows[error.row];
    if (row) row.errors.push(error.message);
  }
  return { rows, fileErrors: [] };
}

/** The bank as a CSV text with a byte-order mark, in the import's columns. */
export function questionCsv(questions: readonly CsvQuestion[]): string {
  const data = questions.map((question) =>
    [
      question.category,
      question.description,
      question.hint,
      ...OPTION_LETTERS.map((letter) => question.options[letter]),
      question.correctOption,
    ].map(neutraliseCell),
  );
  return BOM + Papa.unparse({ fields: [...QUESTION_CSV_COLUMNS], data }, { newline: '\r\n' });
}
