import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch-targets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// The sync engine starts once the session knows its user (session/account-sync.ts), not here:
// before sign-in there is nothing to send, and a signed-out device must not pull.
// Loaded apart (workbox-window, the notices): not needed to draw /login, and the worker waits for the page anyway.
void import('./app/service-worker-notices').then((module) => module.registerPortalServiceWorker());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
