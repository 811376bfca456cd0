import { useLiveQuery } from 'dexie-react-hooks';
import type { Category, CategoryPatchPayload, CategoryPayload } from '../../lib/contract/category';
import { findRow, mirrorOf, queueCreate, queueDelete, queueUpdate, useRow, useRows, type MirrorOf } from './mirror';
import { useListedRows, type Listed } from './listed';

/** A mirrored category: the contract's category; `updated_at` and the rest are absent until the server has it. */
export type CategoryRow = MirrorOf<Category, 'name'>;

export const categoriesMirror = mirrorOf<CategoryRow, 'categories'>('categories');

/** Every mirrored category, live, with whether their first pull is done (the list; undefined while the database opens). */
export const useListedCategories = (): Listed<CategoryRow> | undefined => useListedRows(categoriesMirror);

/** Every mirrored category (undefined while the database opens); updates live as sync or other tabs change it. */
export const useCategories = (): CategoryRow[] | undefined => useRows(categoriesMirror);

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
