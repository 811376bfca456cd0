import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

// Optimistic concurrency: single objects carry `ETag: W/"<version>"`; a PATCH/PUT/DELETE with
// `If-Match` naming another version answers 412 with the current object, so the portal can show
// the conflict (keep mine / take theirs).

export function etagOf(version: number): string {
  return `W/"${version}"`;
}

/** Sets the ETag of a single-object response; returns the body for `return sendObject(...)` chains. */
export function withEtag<T>(reply: FastifyReply, version: number, body: T): T {
  reply.header('ETag', etagOf(version));
  return body;
}

function versionsIn(header: string): string[] {
  return header.split(',').map((part) => part.trim().replace(/^W\//, ''));
}

/** Throws 412 (with the current object and its ETag) when If-Match is present and stale. */
export function checkIfMatch(request: FastifyRequest, currentVersion: number, currentBody: unknown): void {
  const header = request.headers['if-match'];
  if (!header) return;
  const wanted = versionsIn(Array.isArray(header) ? header.join(',') : header);
  if (wanted.includes('*') || wanted.includes(`"${currentVersion}"`)) return;
  throw new HttpError(412, currentBody as Record<string, unknown>, { ETag: etagOf(currentVersion) });
}
