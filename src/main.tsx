import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch-targets.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { opensLazyScreen } from './app/routes';
import { readStoredToken } from './session/token-storage';
import { startUserRequest } from './session/user-request';

// Zod probes for eval support with `new Function`, which the portal's Content-Security-Policy (script-src
// 'self', no 'unsafe-eval') reports as a violation. Jitless, zod validates the same, only without compiled
// fast paths. Zod keeps its settings (what z.config() writes) in this global object and holds on to the object it
// found when it loaded: set the flag on that object when zod is already in (it checks the flag only when it first
// validates, later than this), or leave an object for zod to adopt when it loads later in a screen's chunk. Calling
// z.config() here would pull zod into the /login bundle. tests/e2e/csp.spec.ts fails if zod stops honouring it.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;

// The sync engine starts once the session knows its user (session/account-sync.ts), not here:
// before sign-in there is nothing to send, and a signed-out device must not pull.
// Loaded apart (workbox-window, the notices): not needed to draw /login, and the worker waits for the page anyway.
void import('./app/service-worker-notices').then((module) => module.registerPortalServiceWorker());

startUserRequest(readStoredToken());

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
