import { currentUser, type CurrentUser } from '../lib/contract/accounts';

// The last loaded user, kept so the shell can still be drawn when the user cannot be fetched
// (offline start). Validated on read: an old or tampered entry is ignored, never trusted.
const USER_KEY = 'portal.user';

export function readCachedUser(): CurrentUser | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = currentUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function cacheUser(user: CurrentUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearCachedUser(): void {
  localStorage.removeItem(USER_KEY);
}
