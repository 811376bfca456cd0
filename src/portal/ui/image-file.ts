/*
 * What the image picker accepts, judged in the browser before anything is queued: the server judges
 * uploads by content too (docs/decisions.md "Uploads and files"), so a file refused there would otherwise wait in the outbox
 * and fail later, far from the form that chose it.
 */

export const IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The server's default upload limit (UPLOAD_MAX_BYTES). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The server's own message for a file that is not an image (server/http/uploads.ts), so both read alike. */
export const NOT_AN_IMAGE_MESSAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

export function tooLargeMessage(maxBytes: number = IMAGE_MAX_BYTES): string {
  return `The image is larger than ${Math.round(maxBytes / (1024 * 1024))} MB. Choose a smaller one.`;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The image type the first bytes announce (PNG, JPEG, GIF or WebP), or null for anything else. */
export function imageTypeOfBytes(bytes: Uint8Array): (typeof IMAGE_ACCEPT)[number] | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Why a chosen file cannot be used as an image, or null when it can (size first: reading is then needless). */
export async function imageFileProblem(file: Blob, maxBytes: number = IMAGE_MAX_BYTES): Promise<string | null> {
  if (file.size > maxBytes) return tooLargeMessage(maxBytes);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return imageTypeOfBytes(head) ? null : NOT_AN_IMAGE_MESSAGE;
}
