import { currentUser, type CurrentUser } from '../../lib/contract/accounts';
import { portalDatabase, type PortalDatabase } from '../local/db';
import { readSessionValue, saveSessionValue } from '../local/session-store';

// The last loaded user (with the client settings in client_details), kept in the local database's
// session table so the shell can be drawn when the user cannot be fetched (offline start). Validated
// on read: an old or tampered entry is ignored, never trusted.

/** Where earlier versions kept it; moved into the database on first read. */
const LEGACY_USER_KEY = 'portal.user';

function parseUser(value: unknown): CurrentUser | null {
  const parsed = currentUser.safeParse(value);
  return parsed.success ? parsed.data : null;
}

async function takeLegacyUser(db: PortalDatabase): Promise<CurrentUser | null> {
  const raw = localStorage.getItem(LEGACY_USER_KEY);
  if (raw === null) return null;
  localStorage.removeItem(LEGACY_USER_KEY);
  try {
    const user = parseUser(JSON.parse(raw));
    if (user) await saveSessionValue(db, 'currentUser', user);
    return user;
  } catch {
    return null;
  }
}

export async function readCachedUser(db: PortalDatabase = portalDatabase()): Promise<CurrentUser | null> {
  const stored = await readSessionValue<unknown>(db, 'currentUser');
  return stored ? parseUser(stored.value) : takeLegacyUser(db);
}

export async function cacheUser(user: CurrentUser, db: PortalDatabase = portalDatabase()): Promise<void> {
  await saveSessionValue(db, 'currentUser', user);
}
