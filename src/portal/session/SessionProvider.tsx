import { startTransition, useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import * as accounts from '../api/accounts';
import { setApiToken, setUnauthorizedHandler } from '../api/token';
import { ApiError } from '../api/errors';
import type { CurrentUser, LoginPayload } from '../../lib/contract/accounts';
import type { AccountSync } from './account-sync';
import { lazyAppAccountSync } from './lazy-account-sync';
import { SessionContext, type Session } from './session-context';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage';
import { takeCachedUser, takeUserRequest } from './user-request';

// Only a signed-in user can need these; loading them later keeps Dexie, the sync engine and Mantine's Modal
// out of the /login bundle.
const loadWatch = () => import('./needs-sign-in').then((module) => module.SessionExpiredWatch);

function startingToken(): string | null {
  const token = readStoredToken();
  // Set before any child renders, so the first requests already carry the token.
  setApiToken(token);
  return token;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

interface SessionProviderProps {
  children: ReactNode;
  /** The account's offline data and sync (the app's engine by default). */
  accountSync?: AccountSync;
}

export function SessionProvider({ children, accountSync = lazyAppAccountSync }: SessionProviderProps) {
  const [token, setToken] = useState<string | null>(startingToken);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [userFromServer, setUserFromServer] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [expired, setExpired] = useState(false);
  const [loadRound, setLoadRound] = useState(0);
  const [signInDismissed, setSignInDismissed] = useState(false);

  // Without the account's data wiped: a 401 on the user fetch at start logs out (the specification's states), but the
  // queued changes stay until an explicit logout (docs/decisions.md "Offline").
  const endSession = useCallback(() => {
    setApiToken(null);
    clearStoredToken();
    setToken(null);
    setUser(null);
    setLoadFailed(false);
    setExpired(false);
  }, []);

  const logout = useCallback(async () => {
    // Best effort: the server forgets the token if it can be reached; the portal forgets it regardless.
    if (token) accounts.logout(token).catch(() => undefined);
    endSession();
    await accountSync.end();
  }, [token, endSession, accountSync]);

  const signIn = useCallback(async (credentials: LoginPayload) => {
    const { key } = await accounts.login(credentials);
    storeToken(key);
    setApiToken(key);
    setLoadFailed(false);
    setExpired(false);
    setToken(key);
  }, []);

  const login = useCallback(
    async (credentials: LoginPayload) => {
      await signIn(credentials);
      setUser(null);
    },
    [signIn],
  );

  const reauthenticate = useCallback(
    async (credentials: LoginPayload) => {
      await signIn(credentials);
      await accountSync.resume();
    },
    [signIn, accountSync],
  );

  const retry = useCallback(() => {
    setLoadFailed(false);
    setLoadRound((round) => round + 1);
  }, []);

  useEffect(() => {
    // A 401 on a later call means the token expired or was revoked: ask to sign in again, keep everything.
    setUnauthorizedHandler(() => {
      setExpired(true);
      setSignInDismissed(false);
    });
    return () => setUnauthorizedHandler(null);
  }, []);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const fallBackToCache = async (reason: unknown) => {
      const cached = await takeCachedUser(token).catch(() => null);
      if (controller.signal.aborted) return;
      if (reason !== null) console.error('Could not load the current user', reason);
      if (cached) {
        setUserFromServer(false);
        setUser((current) => current ?? cached);
      } else setLoadFailed(true);
    };
    if (isOffline()) {
      void fallBackToCache(null);
      return () => controller.abort();
    }
    const request = takeUserRequest(token);
    // Aborting ours aborts the request too (the specification's states: cancelled when the provider goes away).
    controller.signal.addEventListener('abort', () => request.controller.abort());
    request.promise
      .then((loaded) => {
        if (controller.signal.aborted) return;
        // The user swaps the spinner for the whole portal (layout and screen): as a transition React renders
        // it in slices, so a slow phone stays responsive meanwhile (total blocking time).
        startTransition(() => {
          setUserFromServer(true);
          setUser(loaded);
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status > 0) endSession();
        else void fallBackToCache(error);
      });
    return () => controller.abort();
  }, [token, loadRound, endSession]);

  // The watch is mounted once its module is in, loaded in a task of its own: imported while rendering (lazy), it
  // added its chunk's preload links in the render that brings the user's screen, 14 ms of it.
  const [SessionExpiredWatch, setSessionExpiredWatch] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!user || SessionExpiredWatch) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadWatch().then(
        (watch) => !cancelled && setSessionExpiredWatch(() => watch),
        (error: unknown) => console.error('Could not load the session-expired watch', error),
      );
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [user, SessionExpiredWatch]);

  useEffect(() => {
    if (!user) return;
    accountSync.begin(user, userFromServer).catch((error: unknown) => console.error('Could not start syncing', error));
  }, [user, userFromServer, accountSync]);

  const session = useMemo<Session>(
    () => ({
      token,
      user,
      isLogin: token !== null,
      loading: token !== null && user === null && !loadFailed,
      loadFailed,
      expired,
      login,
      reauthenticate,
      logout,
      retry,
      waitingChanges: accountSync.waitingChanges,
      signInDismissed,
      dismissSignIn: () => setSignInDismissed(true),
      promptSignIn: () => setSignInDismissed(false),
    }),
    [token, user, loadFailed, expired, login, reauthenticate, logout, retry, signInDismissed, accountSync],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
      {user && SessionExpiredWatch && <SessionExpiredWatch key={user.id} />}
    </SessionContext.Provider>
  );
}
