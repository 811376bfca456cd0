import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as accounts from '../api/accounts';
import { setApiToken, setUnauthorizedHandler } from '../api/client';
import { ApiError } from '../api/errors';
import type { CurrentUser, LoginPayload } from '../lib/contract/accounts';
import { SessionContext, type Session } from './session-context';
import { clearStoredToken, readStoredToken, storeToken } from './token-storage';
import { cacheUser, clearCachedUser, readCachedUser } from './user-cache';

function startingToken(): string | null {
  const token = readStoredToken();
  // Set before any child renders, so the first requests already carry the token.
  setApiToken(token);
  return token;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(startingToken);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadRound, setLoadRound] = useState(0);

  const endSession = useCallback(() => {
    setApiToken(null);
    clearStoredToken();
    clearCachedUser();
    setToken(null);
    setUser(null);
    setLoadFailed(false);
  }, []);

  const logout = useCallback(() => {
    // Best effort: the server forgets the token if it can be reached; the portal forgets it regardless.
    if (token) accounts.logout(token).catch(() => undefined);
    endSession();
  }, [token, endSession]);

  const login = useCallback(async (credentials: LoginPayload) => {
    const { key } = await accounts.login(credentials);
    storeToken(key);
    setApiToken(key);
    setUser(null);
    setLoadFailed(false);
    setToken(key);
  }, []);

  const retry = useCallback(() => {
    setLoadFailed(false);
    setLoadRound((round) => round + 1);
  }, []);

  useEffect(() => {
    // A 401 on any call means the token was revoked or expired: the session is over.
    setUnauthorizedHandler(endSession);
    return () => setUnauthorizedHandler(null);
  }, [endSession]);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    accounts
      .currentUser(controller.signal)
      .then((loaded) => {
        if (controller.signal.aborted) return;
        cacheUser(loaded);
        setUser(loaded);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status > 0) {
          endSession();
          return;
        }
        console.error('Could not load the current user', error);
        const cached = readCachedUser();
        if (cached) setUser(cached);
        else setLoadFailed(true);
      });
    return () => controller.abort();
  }, [token, loadRound, endSession]);

  const session = useMemo<Session>(
    () => ({
      token,
      user,
      isLogin: token !== null,
      loading: token !== null && user === null && !loadFailed,
      loadFailed,
      login,
      logout,
      retry,
    }),
    [token, user, loadFailed, login, logout, retry],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
