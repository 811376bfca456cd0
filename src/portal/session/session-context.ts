import { createContext, useContext } from 'react';
import type { CurrentUser, LoginPayload } from '../../lib/contract/accounts';

/** The session of the specification's fields and states: a token (isLogin), the loaded user, and whether it is still loading. */
export interface Session {
  token: string | null;
  user: CurrentUser | null;
  isLogin: boolean;
  /** A token is held but its user is not loaded yet. */
  loading: boolean;
  /** Loading the user failed without an HTTP answer (offline, server down); retry() tries again. */
  loadFailed: boolean;
  /**
   * A call was answered 401 while signed in (token expired or revoked). The session and the queued
   * changes are kept; the user signs in again with reauthenticate().
   */
  expired: boolean;
  login: (credentials: LoginPayload) => Promise<void>;
  /** Signs in again after `expired`, keeping the queued changes, then sends them. */
  reauthenticate: (credentials: LoginPayload) => Promise<void>;
  /** Ends the session and forgets the account's offline data (the caller asks first when changes wait). */
  logout: () => Promise<void>;
  retry: () => void;
  /** How many changes have not reached the server (logout asks first when there are some). */
  waitingChanges: () => Promise<number>;
  /** The sign-in-again dialog was put aside ("Later"); promptSignIn() shows it again. */
  signInDismissed: boolean;
  dismissSignIn: () => void;
  promptSignIn: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
