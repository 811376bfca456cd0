import { lazy, Suspense } from 'react';
import { useHasBeenTrue } from '../ui/use-has-been-true';
import { useNeedsSignIn } from './needs-sign-in';

// The dialog and its form library load when the session first needs them. With the dialog in the module the
// portal's layout imports (its sync indicator asks useNeedsSignIn), every screen's start compiled and evaluated
// the form library too (issue 20 §3, total blocking time). A session expires online (a call got a 401), so the
// chunk arrives at once, and the service worker has it cached besides.
const SessionExpiredDialog = lazy(() => import('./SessionExpiredDialog').then((module) => ({ default: module.SessionExpiredDialog })));

/**
 * Mounts the dialog the first time the session needs it, and keeps it (so it closes with its transition).
 * Until then nothing of it renders or loads: no modal, no form, and no re-render on the sync status changes of a
 * session's start (issue 9, total blocking time).
 */
export function SessionExpiredWatch() {
  return useHasBeenTrue(useNeedsSignIn()) ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  ) : null;
}
