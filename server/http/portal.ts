import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Serves the built portal. Any GET of a path that is not API, media or a file answers index.html,
// so deep links (/list-quiz, /password/reset/<token>) load the app, which routes on the client.

/** Paths that belong to the server even for a GET from a browser. */
function isServerPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/media/');
}

export function isPortalNavigation(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(request.url);
}

/** Registers static serving and the SPA fallback; returns false when the portal is not built. */
export async function registerPortal(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!existsSync(path.join(staticDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: staticDir,
    // The build writes .br and .gz next to its text files (vite.config.ts): sent to browsers that accept them.
    preCompressed: true,
    // The page and the service worker must be revalidated, or a deploy would not reach users.
    setHeaders: (res, filePath) => {
      const name = path.basename(filePath);
      if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) res.header('Cache-Control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  return true;
}

/** Whether a path is the player app's (/play, /play/...): its own page, not the portal's (docs/decisions.md "Play"). */
export function isPlayPath(url: string): boolean {
  return url === '/play' || url.startsWith('/play/') || url.startsWith('/play?');
}

/** The not-found answer when the portal is served: index.html for navigations, JSON 404 for the rest. */
export function portalFallback(request: FastifyRequest, reply: FastifyReply) {
  if (isPortalNavigation(request)) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  return reply.code(404).type('application/json; charset=utf-8').send({ detail: 'Not found.' });
}

/**
 * The fallback for a built portal: /play/* navigations get the player app's page (dist/play/index.html,
 * its own Vite entry) when it is built, and a 404 otherwise; every other navigation the portal's.
 */
export function portalFallbackFor(staticDir: string) {
  const playBuilt = existsSync(path.join(staticDir, 'play', 'index.html'));
  return function fallback(request: FastifyRequest, reply: FastifyReply) {
    if (isPortalNavigation(request) && isPlayPath(request.url)) {
      if (playBuilt) return reply.header('Cache-Control', 'no-cache').sendFile('play/index.html');
      return reply.code(404).type('application/json; charset=utf-8').send({ detail: 'Not found.' });
    }
    return portalFallback(request, reply);
  };
}
