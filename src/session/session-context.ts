import { createContext, useContext } from 'react';
import type { CurrentUser, LoginPayload } from '../lib/contract/accounts';

/** The session of spec §3/§4: a token (isLogin), the loaded user, and whether it is still loading. */
export interface Session {
  token: string | null;
  user: CurrentUser | null;
  isLogin: boolean;
  /** A token is held but its user is not loaded yet. */
  loading: boolean;
  /** Loading the user failed without an HTTP answer (offline, server down); retry() tries again. */
  loadFailed: boolean;
  login: (credentials: LoginPayload) => Promise<void>;
  logout: () => void;
  retry: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
