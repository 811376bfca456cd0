import type { PortalDatabase } from './db';

/** Keys of the single values kept for offline use (docs/decisions.md "Offline": current user, client settings). */
export type SessionKey = 'currentUser' | 'clientSettings';

export async function saveSessionValue(db: PortalDatabase, key: SessionKey, value: unknown): Promise<void> {
  await db.session.put({ key, value, savedAt: Date.now() });
}

/** The stored value and when it was saved (to show its age offline), or null. */
export async function readSessionValue<T>(db: PortalDatabase, key: SessionKey): Promise<{ value: T; savedAt: number } | null> {
  const stored = await db.session.get(key);
  return stored ? { value: stored.value as T, savedAt: stored.savedAt } : null;
}

/**
 * Signing out forgets what belongs to the account: the mirror, the queue (the caller asks the user
 * first when changes wait), the id map, the pull cursors and the stored user.
 */
export async function forgetAccountData(db: PortalDatabase): Promise<void> {
  await db.transaction('rw', [...db.syncTables(), db.session], async () => {
    await Promise.all([...db.syncTables(), db.session].map((table) => table.clear()));
  });
}
