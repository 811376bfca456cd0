import { portalDatabase } from '../local/db';

/*
 * The last page of a server-paged list (attempts, viewers) kept so it stays readable offline with its age
 * (docs/decisions.md "Offline"). Kept in the session table: signing out forgets them with the rest of the account's data.
 */

export interface SavedPage<Query, Data> {
  query: Query;
  data: Data;
  savedAt: number;
}

const storeKey = (key: string) => `savedPage:${key}`;

export async function savePage<Query, Data>(key: string, query: Query, data: Data): Promise<void> {
  await portalDatabase().session.put({ key: storeKey(key), value: { query, data }, savedAt: Date.now() });
}

/** The page kept under `key`, or null. Its shape is what savePage was given under the same key. */
export async function readSavedPage<Query, Data>(key: string): Promise<SavedPage<Query, Data> | null> {
  const stored = await portalDatabase().session.get(storeKey(key));
  if (!stored) return null;
  const { query, data } = stored.value as { query: Query; data: Data };
  return { query, data, savedAt: stored.savedAt };
}

/** Forgets every kept page (tests start from none). */
export async function forgetSavedPages(): Promise<void> {
  await portalDatabase()
    .session.filter((value) => value.key.startsWith(storeKey('')))
    .delete();
}
