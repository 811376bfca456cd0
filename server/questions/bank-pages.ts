import type { QuestionRow } from './question-read';

// The rows of the unfiltered questions list's pages, kept in this process per client and bank version
// (question_counts.version, migrations/0011_question_bank_version.ts). Reading a page's rows was the biggest
// part of a list request's CPU (the SQLite page query with its OFFSET walk and ten rows made into objects,
// about a third of the server's time in the questions list's profile), and the portal asks for
// the same pages again and again. The version moves in the same transaction as every change to what a page
// shows, and the list reads it with the count on every request: a page kept under an older version is
// never answered again, whichever process made the change. So the cache is exact and needs no expiry;
// old versions' pages are only memory, and go first when the cache is full.

/**
 * Rows kept at most (a page of the portal's list holds 10). A row with its list item (question-read.ts) takes
 * about 1 KB for a question of 100 characters: about 10 MB in all.
 */
export const BANK_PAGE_ROWS = 10_000;

/** Where a page starts and how it is read: from the newest question, or from the oldest for pages past the middle. */
export interface BankPageKey {
  clientId: number;
  version: number;
  direction: 'desc' | 'asc';
  limit: number;
  offset: number;
}

export class BankPageCache {
  /** Least recently used first (a Map keeps insertion order; a hit moves its page to the end). */
  private readonly pages = new Map<string, readonly QuestionRow[]>();
  private rows = 0;

  constructor(private readonly maxRows = BANK_PAGE_ROWS) {}

  /**
   * The page's rows, read by `read` unless a page of the same client, version, direction, size and offset
   * is kept. The rows are shared by every answer made from them: callers map them to new objects and
   * never change them.
   */
  async rowsOf(key: BankPageKey, read: () => Promise<QuestionRow[]>): Promise<readonly QuestionRow[]> {
    const name = `${key.clientId} ${key.version} ${key.direction} ${key.limit} ${key.offset}`;
    const kept = this.pages.get(name);
    if (kept) {
      this.pages.delete(name);
      this.pages.set(name, kept);
      return kept;
    }
    const rows = await read();
    this.keep(name, rows);
    return rows;
  }

  private keep(name: string, rows: readonly QuestionRow[]): void {
    if (rows.length > this.maxRows) return;
    // Another request may have read the same page meanwhile.
    const previous = this.pages.get(name);
    if (previous) {
      this.pages.delete(name);
      this.rows -= previous.length;
    }
    this.pages.set(name, rows);
    this.rows += rows.length;
    for (const [oldest, oldestRows] of this.pages) {
      if (this.rows <= this.maxRows) break;
      this.pages.delete(oldest);
      this.rows -= oldestRows.length;
    }
  }
}
