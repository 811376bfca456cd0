import { Workbox } from 'workbox-window';

export interface ServiceWorkerCallbacks {
  /** A new version is installed and waiting: offer "Reload to update". */
  onNeedRefresh?: () => void;
  /** The first install finished: the portal now opens offline. */
  onOfflineReady?: () => void;
  onRegisterError?: (error: unknown) => void;
}

export interface ServiceWorkerRegistrationHandle {
  /** Activates the waiting version and reloads the page once it controls it. */
  updateServiceWorker: () => void;
}

export interface ServiceWorkerOptions {
  /** Where the built worker is served (vite-plugin-pwa writes sw.js at the base). */
  url?: string;
  /** Off during `vite dev`, where no worker is built. */
  enabled?: boolean;
}

/**
 * Registers the service worker (a classic script: no `type: 'module'`, which the iife build of
 * sw/sw.ts does not need and older browsers reject) and reports its lifecycle to the app.
 */
export function registerServiceWorker(
  callbacks: ServiceWorkerCallbacks = {},
  options: ServiceWorkerOptions = {},
): ServiceWorkerRegistrationHandle {
  const enabled = options.enabled ?? import.meta.env.PROD;
  if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return { updateServiceWorker: () => {} };
  const workbox = new Workbox(options.url ?? `${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox.addEventListener('waiting', () => callbacks.onNeedRefresh?.());
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate && !event.isExternal) callbacks.onOfflineReady?.();
  });
  workbox.register().catch((error: unknown) => callbacks.onRegisterError?.(error));
  return {
    updateServiceWorker: () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
  };
}
