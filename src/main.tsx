import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch-targets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerPortalServiceWorker } from './app/service-worker-notices';

// The sync engine starts once the session knows its user (session/account-sync.ts), not here:
// before sign-in there is nothing to send, and a signed-out device must not pull.
registerPortalServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
