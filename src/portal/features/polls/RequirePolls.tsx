import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../../session/session-context';
import { paths } from '../../../lib/paths';

/** Whether the signed-in client has polls (the specification's roles: the Polls menu depends on poll_enabled). */
export function usePollsEnabled(): boolean {
  return useSession().user?.client_details.poll_enabled ?? false;
}

/** The polls routes exist only when poll_enabled is true; otherwise they lead to the dashboard like unknown paths. */
export function RequirePolls({ children }: { children: ReactNode }) {
  return usePollsEnabled() ? children : <Navigate to={paths.dashboard()} replace />;
}
