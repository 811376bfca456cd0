import { lazy, Suspense } from 'react';
import type { SyncStatus } from '../sync';
import { useHasBeenTrue } from '../ui/use-has-been-true';
import { useSyncStatusValue } from '../store/sync';
import { useSession } from './session-context';

export const SESSION_EXPIRED_TITLE = 'Your session has expired — sign in again';

// The dialog and its form library load when the session first needs them. With the dialog in the module the
// portal's layout imports (its sync indicator asks useNeedsSignIn), every screen's start compiled and evaluated
// The form library too (total blocking time). A session expires online (a call got a 401), so the
// chunk arrives at once, and the service worker has it cached besides.
const SessionExpiredDialog = lazy(() => import('./SessionExpiredDialog').then((module) => ({ default: module.SessionExpiredDialog })));

const needsSignInOf = (status: SyncStatus) => status.needsSignIn;

/** True when the portal must ask to sign in again: a call or the sync engine got a 401. */
export function useNeedsSignIn(): boolean {
  const { user, expired } = useSession();
  const needsSignIn = useSyncStatusValue(needsSignInOf);
  return user !== null && (expired || needsSignIn);
}

/**
 * Mounts the dialog the first time the session needs it, and keeps it (so it closes with its transition).
 * Until then nothing of it renders or loads: no modal, no form, and no re-render on the sync status changes of a
 * session's start (total blocking time). SessionProvider loads this module lazily; the layout's sync
 * indicator has it loaded by the time a user has arrived.
 */
export function SessionExpiredWatch() {
  const needsSignIn = useNeedsSignIn();
  return useHasBeenTrue(needsSignIn) ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog needsSignIn={needsSignIn} title={SESSION_EXPIRED_TITLE} />
    </Suspense>
  ) : null;
}
