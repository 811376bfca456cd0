/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The app shell (scripts, styles, index.html, icons, manifest), versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every route of the portal is the same single page: serve index.html for navigations, offline
// too. Server paths are not portal routes, nor is the player app under /play/ (its own page and
// worker, sw/play/sw.ts). (Only GET navigations reach this route, so form posts such as
// POST /password/reset/ always go to the server.)
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/password\/reset\/?$/, /^\/play(\/|$)/],
  }),
);

// Uploaded images (question and quiz images, logos) stay visible offline. API responses are
// never cached here: IndexedDB is the portal's data cache (docs/decisions.md "Offline").
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'uploaded-images',
    plugins: [new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
  }),
);

// The page posts SKIP_WAITING when the user accepts "Reload to update".
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A first install controls the open page at once, so it works offline without a reload. An
// update waits for SKIP_WAITING.
clientsClaim();
