import { MantineProvider } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider';
import { afterFirstPaint } from '../ui/use-after-first-paint';
import { NotificationArea } from './NotificationArea';
import { opensLazyScreen, routes, StartingScreenLoader } from './routes';
import { cssVariablesResolver, theme } from './theme';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The router, created at once for the sign-in screens (they are in the first bundle), but only after the
 * first paint when the address names a screen whose code loads on demand: creating the router starts those
 * downloads, and the screen's title and spinner should be on the screen before they compete with it.
 */
function useRouter(): Router | null {
  const [router, setRouter] = useState<Router | null>(() => (opensLazyScreen(window.location) ? null : createBrowserRouter(routes)));
  useEffect(() => {
    if (router) return;
    // A transition: the screen (layout, lists) renders in slices, not in one long task.
    return afterFirstPaint(() => startTransition(() => setRouter(createBrowserRouter(routes))));
  }, [router]);
  return router;
}

/**
 * The screens: the starting loader until the router exists, then the router. Its own component, so that making
 * the router renders this alone: MantineProvider computes the theme's CSS variables anew on each of its renders
 * (issue 20 §3, total blocking time).
 */
function Screens() {
  const router = useRouter();
  return router ? <RouterProvider router={router} /> : <StartingScreenLoader />;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <NotificationArea />
      <SessionProvider>
        <Screens />
      </SessionProvider>
    </MantineProvider>
  );
}
