import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// CSV exports: UTF-8 with a byte-order mark (Excel), comma-separated, CRLF rows, formula injection
// neutralised, streamed so memory stays flat however many rows there are.

/**
 * A cell a spreadsheet would run as a formula: one starting with a tab or a carriage return, or with a formula
 * sign (= + - @, or their full-width forms ＝ ＋ － ＠ that some spreadsheets fold to ASCII) after any leading
 * whitespace, newlines or zero-width characters (which spreadsheets drop before reading the cell).
 */
const FORMULA_START = /^[\t\r]|^[\s\u180E\u200B-\u200D\u2060\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  // A spreadsheet would run a cell starting with these as a formula: make it plain text.
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Lines are sent in chunks of about this many characters, not one by one. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The CSV text as a stream: BOM, header, then one line per row, pulled lazily from `rows`. Lines are
 * gathered into chunks of about CHUNK_CHARS: a chunk per line made the stream and the socket handle
 * 100,000 tiny writes for a 100,000-row export. Still pulled as the socket drains (backpressure), so memory
 * holds a chunk and the batch being read, whatever the number of rows.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly unknown[]>): Readable {
  async function* chunks() {
    let chunk = `\uFEFF${csvLine(header)}`;
    for await (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk !== '') yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Reads a table in id order, `batchSize` rows per query (keyset paging: no cursor support is needed
 * from the driver, and memory holds one batch). `fetch(afterId, limit)` returns rows with id > afterId.
 */
export async function* inBatches<T extends { id: number }>(
  fetch: (afterId: number, limit: number) => Promise<T[]>,
  batchSize = 1000,
): AsyncGenerator<T> {
  let afterId = 0;
  for (;;) {
    const batch = await fetch(afterId, batchSize);
    for (const row of batch) yield row;
    const last = batch[batch.length - 1];
    if (!last || batch.length < batchSize) return;
    afterId = last.id;
  }
}

/** Sends a CSV download. */
export function sendCsv(reply: FastifyReply, filename: string, header: readonly string[], rows: AsyncIterable<readonly unknown[]>) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"`)
    .send(csvStream(header, rows));
}
