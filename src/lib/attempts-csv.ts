import Papa from 'papaparse';
import type { Attempt } from './contract/attempt';
import { statusText } from './status-text';

// The Quiz Report's own CSV export (the Attempts calls of the API and the specification's constants): built in the browser from the attempts, the
// table's columns without Delete (statuses in the table's words), comma separated, in chunks of 1000 rows, with a UTF-8 byte-order mark
// so spreadsheet programs read accents right.

export const ATTEMPTS_CSV_HEADER = ['Name', 'Quiz', 'Score', 'Time Taken', 'Rank', 'Status'] as const;
export const CSV_CHUNK_ROWS = 1000;
const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

/**
 * A text cell starting with = + - @, tab or CR is read as a formula by spreadsheet programs; a leading
 * apostrophe keeps it text (the server's export does the same, docs/decisions.md "CSV exports"). Numbers are left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The Name column: the viewer's full name, or the username when the viewer gave no name. */
export function attemptName(attempt: Pick<Attempt, 'viewer' | 'viewer_detail'>): string {
  const { first_name, last_name } = attempt.viewer_detail;
  return `${first_name} ${last_name}`.trim() || attempt.viewer;
}

export function attemptCells(attempt: Attempt): (string | number)[] {
  return [attemptName(attempt), attempt.quiz.name, attempt.score, attempt.time_taken, attempt.rank, statusText(attempt.status)];
}

/** The whole file's text: BOM, header, then the rows, unparsed 1000 at a time (no giant intermediate array). */
export function attemptsCsv(attempts: readonly Attempt[]): string {
  const config = { delimiter: ',', newline: LINE_END, escapeFormulae: FORMULA_START };
  const parts = [Papa.unparse([[...ATTEMPTS_CSV_HEADER]], config)];
  for (let start = 0; start < attempts.length; start += CSV_CHUNK_ROWS) {
    parts.push(Papa.unparse(attempts.slice(start, start + CSV_CHUNK_ROWS).map(attemptCells), config));
  }
  return BYTE_ORDER_MARK + parts.join(LINE_END) + LINE_END;
}

/** attempts-{timestamp}.csv, the timestamp in UTC without characters file systems refuse (':'). */
export function attemptsCsvFileName(now: Date = new Date()): string {
  return `attempts-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.csv`;
}
