import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, fieldErrors, notFound, tooLargeMessage } from './errors';

// Uploads (question images, quiz sponsor logos, poll QR images, client logos): multipart forms are read
// into memory (bounded by UPLOAD_MAX_BYTES per file), images are judged by their bytes, not by name or
// declared type, and stored under DATA_DIR/uploads with a random name only after the route validated
// the rest of the form. They are served at /media/<name> with their real type and nosniff.

/** Image types accepted, by detected MIME type, with the extension they are stored under. SVG is refused (script). */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
};
/** Videos, accepted only where a field allows them (a quiz's image may be a video, spec §3). */
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries({ ...IMAGE_TYPES, ...VIDEO_TYPES }).map(([mime, ext]) => [ext, mime]),
);

export const INVALID_IMAGE_MESSAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
export const INVALID_IMAGE_OR_VIDEO_MESSAGE =
  'Upload a valid image or video (MP4 or WebM). The file you uploaded was neither, or it is corrupted.';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface FormData {
  /** Text fields; a repeated name (e.g. one `questions` per id) gives an array. */
  fields: Record<string, string | string[]>;
  files: Record<string, UploadedFile>;
}

function addField(fields: FormData['fields'], name: string, value: string): void {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/**
 * Reads a multipart form (routes that take JSON too read it through readFormBody, form-body.ts).
 * A file over UPLOAD_MAX_BYTES answers 413 (see errors.ts); so do text fields that together exceed the
 * JSON body limit (many small fields are allowed, e.g. a quiz's question ids, but not unbounded text).
 */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  const form: FormData = { fields: {}, files: {} };
  const textLimit = request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  let textBytes = 0;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      // An empty file input is sent as a part with no name and no bytes: treat it as "no file".
      if (data.length > 0 || part.filename) form.files[part.fieldname] = { field: part.fieldname, filename: part.filename, data };
    } else {
      const value = String(part.value ?? '');
      textBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (textBytes > textLimit) throw new HttpError(413, { detail: tooLargeMessage(textLimit) });
      addField(form.fields, part.fieldname, value);
    }
  }
  return form;
}

/** The stored extension if the bytes are an accepted image, else null. */
export async function imageExtension(data: Buffer): Promise<string | null> {
  if (data.length === 0) return null;
  const type = await fileTypeFromBuffer(data);
  return type ? (IMAGE_TYPES[type.mime] ?? null) : null;
}

/** Checks an uploaded file is an image (400 on the file's field otherwise); returns its extension. */
export async function requireImage(file: UploadedFile): Promise<string> {
  const extension = await imageExtension(file.data);
  if (!extension) throw fieldErrors({ [file.field]: [INVALID_IMAGE_MESSAGE] });
  return extension;
}

/** Checks an uploaded file is an image or an MP4/WebM video (400 on the file's field otherwise); returns its extension. */
export async function requireImageOrVideo(file: UploadedFile): Promise<string> {
  const image = await imageExtension(file.data);
  if (image) return image;
  const type = file.data.length > 0 ? await fileTypeFromBuffer(file.data) : undefined;
  const video = type ? VIDEO_TYPES[type.mime] : undefined;
  if (!video) throw fieldErrors({ [file.field]: [INVALID_IMAGE_OR_VIDEO_MESSAGE] });
  return video;
}

export class UploadStore {
  constructor(readonly directory: string) {}

  /** Validates and stores an image or an MP4/WebM video (a quiz's image field); returns the stored name. */
  async saveImageOrVideo(file: UploadedFile): Promise<string> {
    const extension = await requireImageOrVideo(file);
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await mkdir(this.directory, { recursive: true });
    await writeFile(path.join(this.directory, name), file.data, { flag: 'wx' });
    return name;
  }

  /** Validates and stores an image; returns the stored name (what the database keeps). */
  async saveImage(file: UploadedFile): Promise<string> {
    const extension = await requireImage(file);
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await mkdir(this.directory, { recursive: true });
    await writeFile(path.join(this.directory, name), file.data, { flag: 'wx' });
    return name;
  }

  /** Removes a stored image, e.g. when the transaction that was to reference it failed. */
  async remove(name: string): Promise<void> {
    const file = this.pathOf(name);
    if (file) await rm(file, { force: true });
  }

  /** The path of a stored name, or null when the name is not one this store could have made. */
  pathOf(name: string): string | null {
    return /^[a-f0-9]{32}\.[a-z0-9]{3,4}$/.test(name) ? path.join(this.directory, name) : null;
  }
}

/** The absolute URL of a stored upload for this request's host (DRF builds absolute file URLs too). */
export function mediaUrl(request: FastifyRequest, name: string | null | undefined): string | null {
  if (!name) return null;
  return `${request.protocol}://${request.host}/media/${encodeURIComponent(name)}`;
}

export function registerMediaRoute(app: FastifyInstance, store: UploadStore): void {
  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const file = store.pathOf(request.params.name);
    const extension = request.params.name.split('.').pop() ?? '';
    const contentType = CONTENT_TYPES[extension];
    if (!file || !contentType) throw notFound();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound();
    return (
      reply
        .header('Content-Type', contentType)
        .header('Content-Length', info.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Names are random and never reused, so a stored image never changes.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file))
    );
  });
}
