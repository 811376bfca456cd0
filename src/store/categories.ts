import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { Category, CategoryPatchPayload, CategoryPayload } from '../lib/contract/category';
import { findRow, mirrorOf, queueCreate, queueDelete, queueUpdate, useRow, useRows, type MirrorOf } from './mirror';

/** A mirrored category: the contract's category; `updated_at` and the rest are absent until the server has it. */
export type CategoryRow = MirrorOf<Category, 'name'>;

export const categoriesMirror = mirrorOf<CategoryRow>('categories');

/** A read of every category started before the screen that shows them renders, and its rows once it has them. */
let early: { done: Promise<void>; rows?: CategoryRow[]; at?: number } | null = null;

/**
 * How long prefetched rows stay good for the screen's first render: a start that went to sign-in instead (no
 * session) shows the screen much later, after the live query has more to say than the start's read.
 */
const PREFETCH_KEPT_MS = 5000;

/**
 * Starts reading every category now, for the first `useCategories` to start from (issue 20 §4): on an offline
 * start the read then runs while the layout renders, and the table is drawn in the screen's first render,
 * not in a second one after the live query's first answer. For an offline start only: online a sync may
 * change the mirror meanwhile (or another account's sign-in clear it), offline nothing but this tab does.
 * Resolves when the read has ended (the read already under way, if there is one).
 */
export function prefetchCategories(): Promise<void> {
  if (early) return early.done;
  const read: { done: Promise<void>; rows?: CategoryRow[]; at?: number } = {
    done: categoriesMirror
      .table()
      .toArray()
      .then(
        (rows) => {
          read.rows = rows;
          read.at = Date.now();
        },
        // The screen's own live query reads again and shows what went wrong.
        () => {
          if (early === read) early = null;
        },
      ),
  };
  early = read;
  return read.done;
}

/** The prefetched rows, once: a later visit of the screen starts from its live query, not from rows read at start. */
function takePrefetchedCategories(): CategoryRow[] | undefined {
  if (!early?.rows) return undefined;
  const { rows, at = 0 } = early;
  early = null;
  return Date.now() - at <= PREFETCH_KEPT_MS ? rows : undefined;
}

/**
 * Every mirrored category (undefined while the database opens, unless `prefetchCategories` has them already);
 * updates live as sync or other tabs change it.
 */
export function useCategories(): CategoryRow[] | undefined {
  const [prefetched] = useState(takePrefetchedCategories);
  const live = useRows(categoriesMirror);
  return live ?? prefetched;
}

/** Every category, by name (the pickers' order). */
export function useCategoriesByName(): CategoryRow[] | undefined {
  return useLiveQuery(() => categoriesMirror.table().orderBy('name').toArray());
}

/** The category a route key names (server or local id): undefined while loading, null when there is none. */
export const useCategory = (key: string | undefined): CategoryRow | null | undefined => useRow(categoriesMirror, key);

export const findCategory = (key: string | number) => findRow(categoriesMirror, key);
export const allCategories = (): Promise<CategoryRow[]> => categoriesMirror.table().toArray();

export const createCategory = (payload: CategoryPayload) => queueCreate(categoriesMirror, payload);
export const updateCategory = (localId: string, changes: CategoryPatchPayload) => queueUpdate(categoriesMirror, localId, changes);
export const deleteCategory = (localId: string) => queueDelete(categoriesMirror, localId);
