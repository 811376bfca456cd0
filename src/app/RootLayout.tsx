import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { documentTitle, isRouteHandle } from './route-title';

function useDocumentTitle() {
  const matches = useMatches();
  const title = matches.map((match) => match.handle).filter(isRouteHandle).at(-1)?.title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** Sets the title, and holds every screen behind the spinner while a stored token's user loads (spec §4). */
export function RootLayout() {
  const { token, user, loadFailed, retry, logout } = useSession();
  useDocumentTitle();

  if (token && !user) {
    return (
      <FullScreenLoader
        failure={
          loadFailed
            ? { message: 'Your account could not be loaded.', onRetry: retry, onCancel: logout, cancelLabel: 'Logout' }
            : undefined
        }
      />
    );
  }
  return <Outlet />;
}
