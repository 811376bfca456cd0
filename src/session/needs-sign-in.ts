import type { SyncStatus } from '../sync';
import { useSyncStatusValue } from '../store/sync';
import { useSession } from './session-context';

export const SESSION_EXPIRED_TITLE = 'Your session has expired — sign in again';

const needsSignInOf = (status: SyncStatus) => status.needsSignIn;

/** True when the portal must ask to sign in again: a call or the sync engine got a 401. */
export function useNeedsSignIn(): boolean {
  const { user, expired } = useSession();
  const needsSignIn = useSyncStatusValue(needsSignInOf);
  return user !== null && (expired || needsSignIn);
}
