import { sql, type RawBuilder } from 'kysely';
import type { Clock } from '../clock';

// Small helpers that hide the SQLite/PostgreSQL differences from the routes. Use them whenever a
// row is turned into a response, and whenever a client-owned row is written.

/** A boolean column as read from either dialect (SQLite gives 1/0). */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** A count(*) or bigint as read from either dialect (pg may give a string, SQLite a bigint). */
export function toCount(value: string | number | bigint | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Now as stored in timestamp columns. */
export function nowIso(clock: Clock): string {
  return clock.now().toISOString();
}

/** Columns to set when inserting a client-owned row. */
export function created(clock: Clock, clientId: number) {
  const now = nowIso(clock);
  return { client_id: clientId, created_at: now, updated_at: now, version: 1 };
}

/** Columns to set on every update of a client-owned row: a new updated_at and the next version (ETag). */
export function touched(clock: Clock): { updated_at: string; version: RawBuilder<number> } {
  return { updated_at: nowIso(clock), version: sql<number>`version + 1` };
}

/** A unique-constraint failure from either database (the losing side of a race on a unique index). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
