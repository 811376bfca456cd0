import { useEffect } from 'react';
import { Link, Outlet, useMatches } from 'react-router-dom';
import { ScreenLinkContext, type RenderScreenLink, type ScreenLinkProps } from '../session/screen-link';
import { useSession } from '../session/session-context';
import { FullScreenLoader, type FullScreenLoaderProps } from '../ui/FullScreenLoader';
import { documentTitle, screenTitleOf } from './route-title';

/** The title of the screen the address names, from its route's handle. */
function useScreenTitle(): string | undefined {
  return screenTitleOf(useMatches().map((match) => match.handle));
}

function useDocumentTitle() {
  const title = useScreenTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * The spinner while a screen's code or the session's user loads, under the title of the screen being opened:
 * on a slow connection that takes seconds, and the title says at once where the portal is going.
 */
export function ScreenLoader({ failure }: Pick<FullScreenLoaderProps, 'failure'>) {
  return <FullScreenLoader title={useScreenTitle()} failure={failure} />;
}

/** The sign-in screens' links once the router draws them: followed in the page, as every screen's. */
function RouterLink({ to, ...anchor }: ScreenLinkProps) {
  return <Link {...anchor} to={to} />;
}

const renderRouterLink: RenderScreenLink = (props) => <RouterLink {...props} />;

/** Sets the title, and holds every screen behind the spinner while a stored token's user loads (the specification's states). */
export function RootLayout() {
  const { token, user, loadFailed, retry, logout } = useSession();
  useDocumentTitle();

  if (token && !user) {
    return (
      <ScreenLoader
        failure={
          loadFailed ? { message: 'Your account could not be loaded.', onRetry: retry, onCancel: logout, cancelLabel: 'Logout' } : undefined
        }
      />
    );
  }
  return (
    <ScreenLinkContext.Provider value={renderRouterLink}>
      <Outlet />
    </ScreenLinkContext.Provider>
  );
}
