import * as accounts from '../api/accounts';
import { setApiToken } from '../api/token';
import type { CurrentUser } from '../../lib/contract/accounts';
import { afterFirstPaint } from '../ui/use-after-first-paint';

// The stored token's user is on the critical path of every signed-in start: nothing but the spinner shows
// until it arrives. So its request is started with the page (main.tsx), not after React's first render has
// committed (which, rendered in slices, can take a while on a slow phone); the session provider then takes
// it over, aborts it when it goes away (the specification's states) and makes its own for any later load.
//
// Online it leaves once the screen's title has been painted: the screens' own code only starts downloading then
// (app/shell.tsx), and the user's answer (a small request with the HTTP client and the schemas' chunks) still
// arrives long before it. Asked for before, it was one more thing a slow phone did before painting the title, and
// Lighthouse's model counted its chunks (35 kB) and its round trip as downloads the title's paint waited for
// (largest contentful paint).

/** A request for the current user; whoever takes it owns it and aborts it. */
export interface UserRequest {
  controller: AbortController;
  promise: Promise<CurrentUser>;
}

let early: (UserRequest & { token: string }) | null = null;
let earlyCached: { token: string; user: Promise<CurrentUser | null> } | null = null;

// The local database and its code (Dexie, the schemas: the largest chunk after the first bundle) are loaded
// with the cached user, so on an offline start that read is what the first list waits for.
const readCachedUser = () => import('./user-cache').then((module) => module.readCachedUser());

/** A request for the current user, leaving at once or, given `ready`, once that resolves (unless aborted by then). */
function request(ready?: Promise<void>): UserRequest {
  const controller = new AbortController();
  const load = () => accounts.currentUser(controller.signal);
  const promise = ready
    ? ready.then(() => {
        controller.signal.throwIfAborted();
        return load();
      })
    : load();
  return { controller, promise };
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
  early = { token, ...request(new Promise((painted) => afterFirstPaint(painted))) };
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
