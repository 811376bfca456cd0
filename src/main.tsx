import './app/first-screen-styles.css';
import './app/touch-targets.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterLoad } from './app/after-load';
import { App } from './app/App';
import { opensLazyScreen, preloadScreen } from './app/routes';
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
// Offline the screen's code comes from the service worker's cache: no download to keep from the first paint.
if (navigator.onLine === false) preloadScreen(window.location);

// How the first render runs. For a screen whose code loads on demand it is only the screen's title and spinner:
// rendered at once, in a task of its own, so the title (the largest thing on a phone's first screen) is painted
// before the screen's downloads finish, which on a slow phone take seconds; the router, which starts those
// downloads, is made once it has been painted (App). The sign-in screens are in the first bundle and render
// whole: in a transition, in slices that let the browser breathe (it keeps showing the spinner of index.html)
// rather than in one long task.
const root = createRoot(document.getElementById('root')!);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (opensLazyScreen(window.location)) root.render(app);
else startTransition(() => root.render(app));
