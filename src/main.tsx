import './app/first-screen-styles.css';
import './app/touch-targets.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterLoad } from './app/after-load';
import { App } from './app/App';
import { loadRouter, opensOnLoginShell } from './app/first-screen';
import { preferJitlessZod } from './lib/zod-jitless';
import { readStoredToken } from './session/token-storage';
import { startUserRequest } from './session/user-request';

preferJitlessZod();

// The sync engine starts once the session knows its user (session/account-sync.ts), not here:
// before sign-in there is nothing to send, and a signed-out device must not pull.
// Loaded apart (workbox-window, the notices) and only once the page has loaded: not needed to draw a screen, and
// the worker's install downloads every chunk, which must not compete with the first screen's (issue 20 §3).
afterLoad(() => void import('./app/service-worker-notices').then((module) => module.registerPortalServiceWorker()));

startUserRequest(readStoredToken());
// The sign-in screen is drawn by the first bundle's shell (app/shell.tsx). Any other screen needs the router's
// chunk: asked for now, before React renders, rather than once the first render has been committed.
const onLoginShell = opensOnLoginShell(window.location, readStoredToken());
if (!onLoginShell)
  void loadRouter().then(
    // Offline the screen's code comes from the service worker's cache: no download to keep from the first paint.
    ({ preloadScreen }) => {
      if (navigator.onLine === false) preloadScreen(window.location);
    },
    // The screens report it (app/shell.tsx), and ask again.
    () => undefined,
  );

// How the first render runs. Until the router's chunk is there, another screen than the sign-in shows only a
// spinner: rendered at once. Then, for a screen whose code loads on demand, it is only the screen's title and
// spinner (app/router.tsx), in a task of its own, so the title (the largest thing on a phone's first screen) is
// painted before the screen's downloads finish, which on a slow phone take seconds; the router, which starts
// those downloads, is made once it has been painted. The sign-in shell renders whole: in a transition, in slices
// that let the browser breathe (it keeps showing the spinner of index.html) rather than in one long task.
const root = createRoot(document.getElementById('root')!);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (onLoginShell) startTransition(() => root.render(app));
else root.render(app);
