import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

// Absolute URLs in answers (pagination's next/previous, uploads, the OpenID redirect) never take their host from
// what a client alone says: a forged Host would otherwise plant links to another site in
// answers (and in anything that stores or forwards them). In order:
// 1. PUBLIC_URL when it is set: behind a proxy the server cannot know how users reach it.
// 2. A request that came through a trusted proxy (TRUST_PROXY, and the proxy added X-Forwarded-For): the
//    protocol and host the proxy forwarded (X-Forwarded-Proto / -Host).
// 3. Otherwise the request's Host only when it names one of the server's own configured origins (PORTAL_URL,
//    ALLOWED_ORIGINS, http://HOST:PORT and its loopback names); any other Host gets PORTAL_URL's origin.

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL without its trailing slash, or null. */
    publicUrl: string | null;
    /** Origins a request's own Host may give absolute URLs (lower case), and the origin for any other Host. */
    ownOrigins: { known: ReadonlySet<string>; fallback: string };
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '0.0.0.0', '::', '[::]', '::1', '[::1]']);

/** The origins the server answers at by its own configuration. */
export function ownOriginsOf(config: Pick<Config, 'allowedOrigins' | 'portalUrl' | 'host' | 'port'>): FastifyInstance['ownOrigins'] {
  const known = new Set(config.allowedOrigins.map((origin) => origin.toLowerCase()));
  const hosts = LOOPBACK_HOSTS.has(config.host) ? ['127.0.0.1', 'localhost', '[::1]'] : [config.host];
  for (const host of hosts) known.add(`http://${host.toLowerCase()}:${config.port}`);
  return { known, fallback: new URL(config.portalUrl).origin };
}

export function registerPublicUrl(app: FastifyInstance, config: Config): void {
  app.decorate('publicUrl', config.publicUrl);
  app.decorate('ownOrigins', ownOriginsOf(config));
}

/** Fastify lists the forwarded addresses it believed after the peer's: more than one means a trusted proxy. */
function cameThroughTrustedProxy(request: FastifyRequest): boolean {
  return (request.ips?.length ?? 0) > 1;
}

/** What absolute URLs of this request start with (see above). */
export function publicBase(request: FastifyRequest): string {
  const { publicUrl, ownOrigins } = request.server;
  if (publicUrl) return publicUrl;
  const origin = `${request.protocol}://${request.host}`;
  if (cameThroughTrustedProxy(request)) return origin;
  return ownOrigins.known.has(origin.toLowerCase()) ? origin : ownOrigins.fallback;
}

/** The absolute URL of a path of this server (`/media/x.png`, `/api/v1/...?page=2`). */
export function absoluteUrl(request: FastifyRequest, pathAndQuery: string): string {
  return `${publicBase(request)}${pathAndQuery}`;
}
