import type { FastifyInstance } from 'fastify';
import type { LiveClientConfig } from '../live/live-channel';

// Headers that make the portal harder to attack (issue 9, hostile input): a strict Content-Security-Policy
// on its HTML, no MIME sniffing, no Referer leaving the site, and API answers never kept in a cache
// (they carry one client's data; the portal's own cache is IndexedDB).

/**
 * Where the portal's live channel connects (decisions §4): the local RTDB server's websocket, or a real
 * Firebase database, whose websocket may move to another host of the same domain (Firebase shards).
 */
export function liveConnectSources(live: Pick<LiveClientConfig, 'databaseURL' | 'emulator'>): string[] {
  if (live.emulator) return [`ws://${live.emulator.host}:${live.emulator.port}`];
  const { host } = new URL(live.databaseURL);
  const domain = ['firebaseio.com', 'firebasedatabase.app'].find((suffix) => host.endsWith(`.${suffix}`));
  return domain ? [`https://*.${domain}`, `wss://*.${domain}`] : [`https://${host}`, `wss://${host}`];
}

/**
 * The portal's policy. style-src needs 'unsafe-inline': Mantine writes its theme's CSS variables in
 * <style> elements at run time and sets component sizes and colours through style attributes, and a
 * nonce cannot cover style attributes. Scripts stay strict: only the portal's own files.
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connectSources].join(' '),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** API answers: /api/* and the reset confirmation call (its GET /password/reset/<token> is the portal page). */
function isApiCall(method: string, url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || (method === 'POST' && url === '/password/reset/');
}

export function registerSecurityHeaders(app: FastifyInstance, options: { connectSources?: readonly string[] } = {}): void {
  const policy = contentSecurityPolicy(options.connectSources);
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    // The reset page has its token in the path; nothing about the portal's addresses leaves the site.
    void reply.header('Referrer-Policy', 'no-referrer');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      void reply.header('Content-Security-Policy', policy);
      void reply.header('X-Frame-Options', 'DENY');
    }
    if (isApiCall(request.method, request.url)) void reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
