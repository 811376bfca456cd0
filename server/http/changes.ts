import type { Kysely, SelectQueryBuilder } from 'kysely';
import { sql, type SqlBool } from 'kysely';
import type { Clock } from '../clock';
import type { Database, OwnedTable } from '../db/schema';
import { nowIso } from '../db/rows';
import type { Page } from './pagination';

// `?updated_after=<iso>` on mirrored lists (categories, questions, quizzes, polls, poll choices) lets the
// portal re-sync cheaply. The response is a normal page of the rows changed at or after that instant
// (ordered by updated_at, id) plus a top-level `deleted` array with the ids removed since then:
//
//   { "count": 2, "next": null, "previous": null, "results": [ ... ], "deleted": [12, 15] }
//
// `>=` rather than `>`: a row written in the same millisecond as the last pull is sent again rather than
// missed. Every delete of a mirrored row must call recordDeletions in the same transaction. The instant
// comes validated from the list's query schema (changesQuery in src/lib/contract/request.ts).

export type PageWithDeletions<T> = Page<T> & { deleted: number[] };

/** Restricts a list to rows changed since `since` (a no-op when undefined). */
export function changedSince(table: OwnedTable, since: string | undefined) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    since === undefined ? query : query.where(sql<SqlBool>`${sql.ref(`${table}.updated_at`)} >= ${since}`);
}

export async function deletedSince(db: Kysely<Database>, clientId: number, entity: OwnedTable, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('deletions')
    .select('entity_id')
    .where('client_id', '=', clientId)
    .where('entity', '=', entity)
    .where('deleted_at', '>=', since)
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((row) => row.entity_id))];
}

/** Adds `deleted` to a page when the list asked for changes since an instant. */
export async function withDeletions<T>(
  db: Kysely<Database>,
  since: string | undefined,
  clientId: number,
  entity: OwnedTable,
  page: Page<T>,
): Promise<Page<T> | PageWithDeletions<T>> {
  if (since === undefined) return page;
  return { ...page, deleted: await deletedSince(db, clientId, entity, since) };
}

/** Records deleted rows so updated_after pulls can tell mirrors to drop them. */
export async function recordDeletions(
  db: Kysely<Database>,
  clock: Clock,
  clientId: number,
  entity: OwnedTable,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const deletedAt = nowIso(clock);
  await db
    .insertInto('deletions')
    .values(ids.map((entityId) => ({ client_id: clientId, entity, entity_id: entityId, deleted_at: deletedAt })))
    .execute();
}
