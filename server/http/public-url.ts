import type { FastifyInstance, FastifyRequest } from 'fastify';

// Absolute URLs in answers (pagination's next/previous, uploads) start with PUBLIC_URL when it is set: behind a
// proxy the server cannot know how users reach it. Without it they come from the request, whose protocol and
// host Fastify takes from X-Forwarded-Proto / X-Forwarded-Host only when the peer is a trusted proxy
// (TRUST_PROXY); from anyone else those headers are ignored.

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL without its trailing slash, or null. */
    publicUrl: string | null;
  }
}

export function registerPublicUrl(app: FastifyInstance, publicUrl: string | null): void {
  app.decorate('publicUrl', publicUrl);
}

/** What absolute URLs of this request start with: PUBLIC_URL, else the request's own scheme and host. */
export function publicBase(request: FastifyRequest): string {
  return request.server.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The absolute URL of a path of this server (`/media/x.png`, `/api/v1/...?page=2`). */
export function absoluteUrl(request: FastifyRequest, pathAndQuery: string): string {
  return `${publicBase(request)}${pathAndQuery}`;
}
