import { Navigate, type RouteObject } from 'react-router-dom';
import { LoginScreen } from '../session/LoginScreen';
import { PublicOnly, RequireSession } from './guards';
import { RootLayout, ScreenLoader } from './RootLayout';
import type { RouteHandle } from './route-title';
import { LAZY_SCREENS, loadPortalLayout, loadScreenCode, LOGIN_TITLE, type LazyScreen, type ScreenFrame } from './screen-table';
import { paths } from '../../lib/paths';

// This table, React Router and what only they use are the router's chunk (router.tsx, loaded by first-screen.ts):
// /login must load fast on a phone (120 kB gzip of JavaScript), so the first bundle holds only the
// sign-in screen, drawn without the router by shell.tsx. The portal layout and every feature screen are loaded
// when their route is first matched (react-router's route `lazy`), so Dexie-heavy lists, the quiz editor, dates
// and drag and drop stay out of both. Which screens there are, their paths and titles: screen-table.ts.

/** A route for a screen of the table: its code loaded on first visit, its title as the route's handle. */
function routeOf({ path, title, load, prefetch }: LazyScreen): RouteObject {
  return {
    path,
    lazy: () => {
      prefetch?.();
      return loadScreenCode(load).then((Component) => ({ Component }));
    },
    handle: titled(title),
  };
}

const routesIn = (frame: ScreenFrame): RouteObject[] => LAZY_SCREENS.filter((screen) => screen.frame === frame).map(routeOf);

const titled = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: ScreenLoader,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: paths.root(), element: <LoginScreen />, handle: titled(LOGIN_TITLE) },
          { path: paths.login(), element: <LoginScreen />, handle: titled(LOGIN_TITLE) },
          ...routesIn('signed-out'),
        ],
      },
      {
        element: <RequireSession />,
        children: [
          // The big screens (docs/decisions.md "Stage"): signed in, full screen, without the portal's sidebar and top bar.
          ...routesIn('full-screen'),
          {
            lazy: () => loadScreenCode(loadPortalLayout).then((Component) => ({ Component })),
            children: routesIn('portal'),
          },
          { path: '*', element: <Navigate to={paths.dashboard()} replace /> },
        ],
      },
    ],
  },
];
