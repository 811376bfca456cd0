import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { LocalMediaStorage } from '../storage/local-storage';
import { IMAGE_TYPES, VIDEO_TYPES, contentTypeOf, isStoredName, type MediaStorage } from '../storage/media-storage';
import { HttpError, fieldErrors, tooLargeMessage } from './errors';
import { absoluteUrl } from './public-url';

// Uploads (question images, quiz sponsor logos, poll QR images, client logos): multipart forms are read
// into memory (bounded by UPLOAD_MAX_BYTES per file), images are judged by their bytes, not by name or
// declared type, and stored under a random name (in DATA_DIR/uploads or an S3 bucket: storage/) only after
// the route validated the rest of the form. They are served at /media/<name> with their real type.

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

/** Validates uploaded files and keeps them, under names of its own, in a media storage. */
export class UploadStore {
  constructor(readonly storage: MediaStorage) {}

  /** Validates and stores an image or an MP4/WebM video (a quiz's image field); returns the stored name. */
  async saveImageOrVideo(file: UploadedFile): Promise<string> {
    return this.store(await requireImageOrVideo(file), file.data);
  }

  /** Validates and stores an image; returns the stored name (what the database keeps). */
  async saveImage(file: UploadedFile): Promise<string> {
    return this.store(await requireImage(file), file.data);
  }

  /** Removes a stored file, e.g. when the transaction that was to reference it failed. */
  async remove(name: string): Promise<void> {
    if (isStoredName(name)) await this.storage.delete(name);
  }

  private async store(extension: string, data: Buffer): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await this.storage.put(name, data, contentTypeOf(name) ?? 'application/octet-stream');
    return name;
  }
}

/** An upload store on a local folder (the default, and the tests'). */
export function localUploadStore(directory: string): UploadStore {
  return new UploadStore(new LocalMediaStorage(directory));
}

/** The absolute URL of a stored upload (DRF builds absolute file URLs too); see public-url.ts. */
export function mediaUrl(request: FastifyRequest, name: string | null | undefined): string | null {
  if (!name) return null;
  return absoluteUrl(request, `/media/${encodeURIComponent(name)}`);
}
