import './app/first-screen-styles.css';
import './app/theme-variables.css';
import './app/touch-targets.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterLoad } from './app/after-load';
import { App } from './app/App';
import { opensOnLoginShell } from './app/first-screen';
import { whenPageQuiet } from './app/when-page-quiet';
import { preferJitlessZod } from '../lib/zod-jitless';
import { readStoredToken } from './session/token-storage';
import { startUserRequest } from './session/user-request';

preferJitlessZod();

// The sync engine starts once the session knows its user (session/account-sync.ts), not here:
// before sign-in there is nothing to send, and a signed-out device must not pull.
// Loaded apart (workbox-window, the notices) and only once the page has loaded and then been quiet for a second:
// not needed to draw a screen, and the worker's install downloads and compiles every chunk, which must not compete
// with the first screen's own downloads and tasks. Registered at the first idle moment after the load
// instead, it started in a gap of a signed-in start, between its downloads, and competed with the rest of it.
afterLoad(() => whenPageQuiet(() => void import('./app/service-worker-notices').then((module) => module.registerPortalServiceWorker())));

startUserRequest(readStoredToken());
// The sign-in screen is drawn by the first bundle's shell (app/shell.tsx). Any other screen needs the router's
// chunk and the screen's own code, which the shell asks for together once the screen's title has been painted.
const onLoginShell = opensOnLoginShell(window.location, readStoredToken());

// How the first render runs. Until the router's chunk is there, another screen than the sign-in shows its title
// (screen-table.ts) and a spinner: rendered at once, so the title (the largest thing on a phone's first screen) is
// painted before the downloads finish, which on a slow phone take seconds. The router then renders the screen in
// slices (app/router.tsx). The sign-in shell renders whole: in a transition, in slices that let the browser breathe
// (it keeps showing the spinner of index.html) rather than in one long task.
const root = createRoot(document.getElementById('root')!);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (onLoginShell) startTransition(() => root.render(app));
else root.render(app);
