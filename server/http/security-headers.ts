import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import type { LiveClientConfig } from '../live/live-channel';

// Headers that make the portal harder to attack (hostile input): helmet's
// set on every answer (no MIME sniffing, no Referer leaving the site, no framing, HSTS over HTTPS, same-origin
// opener and resource policies...), a strict Content-Security-Policy on the portal's HTML, a policy that allows
// nothing on API answers, and API answers never kept in a cache (they carry one client's data; the portal's own
// cache is IndexedDB). Scripts (the service workers among them) get no policy of their own: a worker runs under
// its script's policy, and the portal's workers fetch what the page's policy already allows.

/**
 * Where the portal's live channel connects (docs/decisions.md "Live quiz state"): the local RTDB server's websocket, or a real
 * Firebase database, whose websocket may move to another host of the same domain (Firebase shards).
 */
export function liveConnectSources(live: Pick<LiveClientConfig, 'databaseURL' | 'emulator'>): string[] {
  if (live.emulator) return [`ws://${live.emulator.host}:${live.emulator.port}`];
  const { host } = new URL(live.databaseURL);
  const domain = ['firebaseio.com', 'firebasedatabase.app'].find((suffix) => host.endsWith(`.${suffix}`));
  return domain ? [`https://*.${domain}`, `wss://*.${domain}`] : [`https://${host}`, `wss://${host}`];
}

/**
 * The embedded live channel, reached through the server's own port (server/live/live-upgrade.ts): 'self'
 * covers the page's own ws:// origin in current browsers; the configured addresses are named too for those
 * whose 'self' matches no websocket. Only plain http ones: the embedded channel speaks ws:// only.
 */
export function sameOriginLiveSources(config: Pick<Config, 'publicUrl' | 'portalUrl'>): string[] {
  const origins = [config.publicUrl, config.portalUrl].flatMap((url) => (url?.startsWith('http://') ? [new URL(url).host] : []));
  return [...new Set(origins)].map((host) => `ws://${host}`);
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

/** helmet's settings for every answer; its Content-Security-Policy is left out, see registerSecurityHeaders. */
const HELMET_OPTIONS: HelmetOptions = {
  // Set below, per kind of answer (HTML, API); helmet's one policy for everything would bind the workers too.
  contentSecurityPolicy: false,
  // The reset page has its token in the path; nothing about the portal's addresses leaves the site.
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  // Browsers heed it over HTTPS only; other hosts of the same domain are not this server's to commit.
  strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
};

/**
 * The headers helmet sets with `options`, found once by running its middleware against a response that
 * only records them. Without a Content-Security-Policy (its nonces) they depend on nothing in the request,
 * yet @fastify/helmet built helmet's middleware from the options anew on every request, in two hooks (about
 * 4 % of the questions list's CPU). helmet also removes X-Powered-By, which neither Node nor
 * Fastify sets, so there is nothing to remove.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: { connectSources?: readonly string[] } = {}): void {
  const policy = contentSecurityPolicy(options.connectSources);
  const headers = helmetHeaders();
  // On Fastify's reply rather than on the raw response as helmet does: Node writes a reply's headers in one
  // go when none were set on the raw response, and validates each through setHeader when some were (the
  // questions list's answers). A route's own value for one of them still wins, set later.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) void reply.header(name, value);
    done();
  });
  // A callback rather than an async hook: no promise per answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) void reply.header('Content-Security-Policy', policy);
    if (isApiCall(request.method, request.url)) {
      void reply.header('Cache-Control', 'no-store');
      void reply.header('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    }
    // Uploaded images are public by their unguessable names, and a portal built for another origin
    // (VITE_API_BASE) shows them too.
    if (request.url.startsWith('/media/')) void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    done(null, payload);
  });
}
