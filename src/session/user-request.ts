import * as accounts from '../api/accounts';
import { setApiToken } from '../api/client';
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

function request(): UserRequest {
  const controller = new AbortController();
  return { controller, promise: accounts.currentUser(controller.signal) };
}

/** Starts loading the user of a stored token now (online only: offline the session starts from its cache). */
export function startUserRequest(token: string | null): void {
  if (!token || early || navigator.onLine === false) return;
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
