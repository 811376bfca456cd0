import { startTransition, useEffect, useRef, useState } from 'react';
import {
  createBrowserRouter,
  RouterProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router-dom';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { afterFirstPaint } from '../ui/use-after-first-paint';
import { routes } from './routes';
import { lazyScreenAt, startingTitleAt } from './screen-table';

// The router's chunk (first-screen.ts loads it): React Router, the routes table, the guards and RootLayout. The
// sign-in shell (shell.tsx) draws /login without it; every other start, and the shell's hand-over, render this.

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * What createBrowserRouter does, in two tasks: making the router (its routes converted and ranked), then starting
 * its first navigation (matching, the lazy routes asked for). Together they were one task of 14-60 ms on the
 * Lighthouse runs' main thread, four times that at a phone's pace; React Router's own
 * createBrowserRouter is these two calls with the same options, the hydration data aside (a client-only app has none).
 */
export function createRouterInTurns(done: (router: Router) => void): () => void {
  const router = createRouter({ history: createBrowserHistory(), routes, mapRouteProperties, hydrationRouteProperties });
  const timer = setTimeout(() => done(router.initialize()), 0);
  return () => clearTimeout(timer);
}

/**
 * The router, created at once for the sign-in screens, but only after the first paint when the address names a
 * screen whose code loads on demand: creating the router starts those downloads, and the screen's title and
 * spinner should be on the screen before they compete with it.
 */
function useRouter(): Router | null {
  const [router, setRouter] = useState<Router | null>(() => (lazyScreenAt(window.location.pathname) ? null : createBrowserRouter(routes)));
  useEffect(() => {
    if (router) return;
    let cancelMaking = () => {};
    const cancelWait = afterFirstPaint(() => {
      // A transition: the screen (layout, lists) renders in slices, not in one long task.
      cancelMaking = createRouterInTurns((made) => startTransition(() => setRouter(made)));
    });
    return () => {
      cancelWait();
      cancelMaking();
    };
  }, [router]);
  return router;
}

export interface RouterScreensProps {
  /** Where to go once the router exists: the shell's link that was followed (the router keeps its history). */
  navigateTo?: string;
}

/**
 * The screens: the starting loader until the router exists, then the router. Its own component, so that making
 * The router renders this alone, not the providers above it (total blocking time).
 */
export function RouterScreens({ navigateTo }: RouterScreensProps) {
  const router = useRouter();
  // Once, though StrictMode runs effects twice in development: a second navigation would add a history entry.
  const navigated = useRef(false);
  useEffect(() => {
    if (!router || navigateTo === undefined || navigated.current) return;
    navigated.current = true;
    void router.navigate(navigateTo);
  }, [router, navigateTo]);
  return router ? <RouterProvider router={router} /> : <FullScreenLoader title={startingTitleAt(window.location.pathname)} />;
}
