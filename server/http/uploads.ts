import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
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

/** The limits of a multipart form's parts (app.ts gives them to @fastify/multipart). */
export const FORM_LIMITS = { files: 10, fields: 5000, parts: 5010, fieldSize: 1024 * 1024 } as const;

const MULTIPART_LIMIT_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: `The form has too many parts: the limit is ${FORM_LIMITS.parts}.`,
  FST_FILES_LIMIT: `The form has too many files: the limit is ${FORM_LIMITS.files}.`,
  FST_FIELDS_LIMIT: `The form has too many fields: the limit is ${FORM_LIMITS.fields}.`,
};

export const MALFORMED_FORM_MESSAGE = 'Malformed multipart form';
export const UNNAMED_PART_MESSAGE = 'Malformed multipart form: a part has no name.';

/**
 * What a failure while reading a form means to the client: busboy's parse errors (no boundary, a form cut
 * short, a broken part header) are plain Errors with no status, which would otherwise answer 500.
 */
function formError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return error; // errors.ts words it with UPLOAD_MAX_BYTES
  const limit = code ? MULTIPART_LIMIT_MESSAGES[code] : undefined;
  if (limit) return new HttpError(413, { detail: limit });
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && code !== 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(statusCode, { detail: message ?? MALFORMED_FORM_MESSAGE });
  }
  return new HttpError(400, { detail: `${MALFORMED_FORM_MESSAGE}: ${message ?? 'it could not be read'}.` });
}

/**
 * Reads a multipart form (routes that take JSON too read it through readFormBody, form-body.ts).
 * A file over UPLOAD_MAX_BYTES answers 413 (see errors.ts); so do text fields that together exceed the
 * route's body limit (many small fields are allowed, e.g. a quiz's question ids, but not unbounded text).
 * Repeated fields are collected in linear time (one list per name, appended to).
 */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  const fields = new Map<string, string[]>();
  const files: FormData['files'] = {};
  const textLimit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  let textBytes = 0;
  try {
    for await (const part of request.parts()) {
      if (!part.fieldname) throw new HttpError(400, { detail: UNNAMED_PART_MESSAGE });
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // An empty file input is sent as a part with no name and no bytes: treat it as "no file".
        if (data.length > 0 || part.filename) files[part.fieldname] = { field: part.fieldname, filename: part.filename, data };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        textBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
        if (textBytes > textLimit) throw new HttpError(413, { detail: tooLargeMessage(textLimit) });
        const values = fields.get(part.fieldname);
        if (values) values.push(value);
        else fields.set(part.fieldname, [value]);
      }
    }
  } catch (error) {
    throw formError(error);
  }
  const text: FormData['fields'] = Object.create(null) as FormData['fields'];
  for (const [name, values] of fields) text[name] = values.length === 1 ? (values[0] ?? '') : values;
  return { fields: text, files };
}

/** The stored extension if the bytes are an accepted image, else null. */
export async function imageExtension(data: Buffer): Promise<string | null> {
  if (data.length === 0) return null;
  const type = await fileTypeFromBuffer(data);
  return type ? (IMAGE_TYPES[type.mime] ?? null) : null;
}

/**
 * The most pixels an uploaded image may declare (50 megapixels, e.g. 8,000 × 6,250): a "decompression bomb"
 * is a small file whose header declares huge dimensions, which every phone and portal showing it would have
 * to decode into width × height × 4 bytes of memory.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const imageTooLargeMessage = (width: number, height: number) =>
  `Upload an image of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels: this one is ${width} × ${height} pixels.`;

/**
 * The dimensions an image's header declares (read from the header only, nothing is decoded), or null when
 * the header cannot be read. Animated and multi-image files count their largest image.
 */
export function declaredSize(data: Buffer): { width: number; height: number } | null {
  try {
    const size = imageSize(data);
    const images = size.images?.length ? size.images : [size];
    let width = 0;
    let height = 0;
    for (const image of images) {
      if (image.width * image.height > width * height) ({ width, height } = image);
    }
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Checks an uploaded file is an image within MAX_IMAGE_PIXELS (400 on the file's field otherwise); returns its extension. */
export async function requireImage(file: UploadedFile): Promise<string> {
  const extension = await imageExtension(file.data);
  if (!extension) throw fieldErrors({ [file.field]: [INVALID_IMAGE_MESSAGE] });
  const size = declaredSize(file.data);
  if (!size) throw fieldErrors({ [file.field]: [INVALID_IMAGE_MESSAGE] });
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw fieldErrors({ [file.field]: [imageTooLargeMessage(size.width, size.height)] });
  return extension;
}

/** Checks an uploaded file is an image or an MP4/WebM video (400 on the file's field otherwise); returns its extension. */
export async function requireImageOrVideo(file: UploadedFile): Promise<string> {
  if (await imageExtension(file.data)) return requireImage(file);
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
