import type { FastifyInstance } from 'fastify';

// Where uploaded files live: a local folder (one server, or a shared volume) or an S3-compatible bucket
// (several servers). The upload store (http/uploads.ts) validates files and names them; a storage only
// keeps bytes under those names and serves them at /media/<name>.

export interface MediaStorage {
  /** Said once when the server starts. */
  readonly description: string;
  /** Stores a new file (names are random and never reused). */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a file; one already gone is not an error. */
  delete(name: string): Promise<void>;
  /** Rejects when a file could not be stored now (GET /api/ready). */
  checkWritable(): Promise<void>;
  /** GET and HEAD /media/<name>: ETag, Range, and caching for a year (a stored name never changes). */
  registerMediaRoute(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** What the store names files: 32 hex characters and the extension of the detected type. */
const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{3,4}$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** Names are random and never reused, so a stored file never changes: caches may keep it for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Images accepted, by detected MIME type, with the extension they are stored under. SVG is refused (script). */
export const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
};

/** Videos, accepted only where a field allows them (a quiz's image may be a video, the specification's fields). */
export const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries({ ...IMAGE_TYPES, ...VIDEO_TYPES }).map(([mime, extension]) => [extension, mime]),
);

/** The type a stored name is served with, or null for a name the store could not have made. */
export function contentTypeOf(name: string): string | null {
  if (!isStoredName(name)) return null;
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? null;
}
