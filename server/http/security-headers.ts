import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { LiveClientConfig } from '../live/live-channel';

// Headers that make the portal harder to attack (issue 9, hostile input; issue 21, point 15): @fastify/helmet's
// set on every answer (no MIME sniffing, no Referer leaving the site, no framing, HSTS over HTTPS, same-origin
// opener and resource policies...), a strict Content-Security-Policy on the portal's HTML, a policy that allows
// nothing on API answers, and API answers never kept in a cache (they carry one client's data; the portal's own
// cache is IndexedDB). Scripts (the service workers among them) get no policy of their own: a worker runs under
// its script's policy, and the portal's workers fetch what the page's policy already allows.

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

/** API answers are data, never documents: nothing may load or run under them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export async function registerSecurityHeaders(app: FastifyInstance, options: { connectSources?: readonly string[] } = {}): Promise<void> {
  const policy = contentSecurityPolicy(options.connectSources);
  await app.register(fastifyHelmet, {
    // Set below, per kind of answer (HTML, API); helmet's one policy for everything would bind the workers too.
    contentSecurityPolicy: false,
    // The reset page has its token in the path; nothing about the portal's addresses leaves the site.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Browsers heed it over HTTPS only; other hosts of the same domain are not this server's to commit.
    strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) void reply.header('Content-Security-Policy', policy);
    if (isApiCall(request.method, request.url)) {
      void reply.header('Cache-Control', 'no-store');
      void reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    }
    // Uploaded images are public by their unguessable names, and a portal built for another origin
    // (VITE_API_BASE) shows them too.
    if (request.url.startsWith('/media/')) void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    return payload;
  });
}
