/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

// The player app's worker (docs/decisions.md "Play"), registered by src/play with the scope /play/: a phone that lost the
// venue's Wi-Fi can reload a quiz or poll page and still see its saved answer. The portal's worker (sw/sw.ts)
// leaves /play/ alone. API answers are never cached: the phone keeps its token, last state and answer queue itself.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The player shell (its scripts, style and index.html), versioned by the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every /play/ address (a quiz, a poll, the sign-in callback) is the same page.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/play/index.html'), { allowlist: [/^\/play(\/|$)/] }));

// Branding, question and sponsor images stay visible offline once seen.
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'play-images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true })],
  }),
);

// A player never has to accept an update: the new shell takes over at once and serves the next load.
void self.skipWaiting();
clientsClaim();
