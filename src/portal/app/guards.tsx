import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { paths } from '../../lib/paths';

interface ReturnState {
  from?: string;
}

/** Private screens: without a session, go to /login and remember where the user was going. */
export function RequireSession() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login()} replace state={{ from } satisfies ReturnState} />;
  }
  return <Outlet />;
}

/** Signed-out screens: with a session, go where login was interrupted, or to the dashboard. */
export function PublicOnly() {
  const { user } = useSession();
  const location = useLocation();
  if (user) {
    const from = (location.state as ReturnState | null)?.from;
    return <Navigate to={from?.startsWith('/') ? from : paths.dashboard()} replace />;
  }
  return <Outlet />;
}
