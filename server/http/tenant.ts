import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { OwnedTable } from '../db/schema';
import { userOf } from './auth';
import { notFound } from './errors';

// Tenant isolation: every query on client-owned rows goes through these helpers, scoped by the
// signed-in user's client. `?client=` from the portal is ignored on purpose; another client's id
// simply does not exist for the caller (404).

export function clientIdOf(request: FastifyRequest): number {
  return userOf(request).clientId;
}

/** An id from the path; anything that is not a positive integer cannot exist (404, as Django's URL patterns). */
export function parseId(raw: unknown): number {
  const text = String(raw ?? '');
  const id = /^[0-9]{1,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  return id;
}

/**
 * Scopes a query to the caller's client: `db.selectFrom('categories').selectAll().$call(ownedBy('categories', clientId))`.
 * Start every list and lookup of client-owned rows with it (updates and deletes: `.where('client_id', '=', clientId)`).
 */
export function ownedBy(table: OwnedTable, clientId: number) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    query.where(sql<SqlBool>`${sql.ref(`${table}.client_id`)} = ${clientId}`);
}

/** The row or a 404. */
export function found<T>(row: T | undefined | null): T {
  if (row === undefined || row === null) throw notFound();
  return row;
}
