import type { FastifyRequest } from 'fastify';
import { mediaUrl } from './uploads';

/**
 * The absolute URL of a stored upload, as one request sees it (its protocol and host). Routes make it and
 * hand it to the services, which answer image URLs without knowing of requests.
 */
export type MediaUrls = (name: string | null | undefined) => string | null;

export function mediaUrlsOf(request: FastifyRequest): MediaUrls {
  return (name) => mediaUrl(request, name);
}
