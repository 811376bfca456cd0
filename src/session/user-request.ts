import * as accounts from '../api/accounts';
import { setApiToken } from '../api/token';
import type { CurrentUser } from '../lib/contract/accounts';

// The stored token's user is on the critical path of every signed-in start: nothing but the spinner shows
// until it arrives. So its request leaves as the page starts (main.tsx), not after React's first render has
// committed (which, rendered in slices, can take a while on a slow phone); the session provider then takes
// it over, aborts it when it goes away (spec §4) and makes its own for any later load.

/** A request for the current user; whoever takes it owns it and aborts it. */
export interface UserRequest {
  controller: AbortController;
  promise: Promise<CurrentUser>;
}

let early: (UserRequest & { token: string }) | null = null;
let earlyCached: { token: string; user: Promise<CurrentUser | null> } | null = null;

// The local database and its code (Dexie, the schemas: the largest chunk after the first bundle) are loaded
// with the cached user, so on an offline start that read is what the first list waits for (issue 20 §4).
const readCachedUser = () => import('./user-cache').then((module) => module.readCachedUser());

function request(): UserRequest {
  const controller = new AbortController();
  return { controller, promise: accounts.currentUser(controller.signal) };
}

/**
 * Starts loading the user of a stored token now: from the server online, from the local database offline
 * (where the session starts from its cache), so that an offline start does not wait for React's first render.
 */
export function startUserRequest(token: string | null): void {
  if (!token || early || earlyCached) return;
  if (navigator.onLine === false) {
    earlyCached = { token, user: readCachedUser() };
    // Handled by whoever takes it; until then a failure must not surface as an unhandled rejection.
    earlyCached.user.catch(() => undefined);
    return;
  }
  setApiToken(token);
  early = { token, ...request() };
  // Handled by whoever takes it; until then a failure must not surface as an unhandled rejection.
  early.promise.catch(() => undefined);
}

/** The request started for this token, once; otherwise a new one. */
export function takeUserRequest(token: string): UserRequest {
  const started = early?.token === token ? early : null;
  early = null;
  return started ?? request();
}

/** The cached user read started for this token, once; otherwise a new read. */
export function takeCachedUser(token: string): Promise<CurrentUser | null> {
  const started = earlyCached?.token === token ? earlyCached.user : null;
  earlyCached = null;
  return started ?? readCachedUser();
}
