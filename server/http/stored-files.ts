import { requireImage, requireImageOrVideo, type UploadStore, type UploadedFile } from './uploads';

// A write that brings files (a question's image, a quiz's image and sponsor logo, a poll's QR image, the
// client's logos) stores them only once the rest of the write is valid, and a failed write leaves neither a
// row nor a file behind; the files a write replaced or removed are deleted once nothing references them.

/**
 * Runs `write` with `files` stored (each judged by its bytes first, 400 on its field when it is not an
 * image), passing the stored names; removes them again when `write` fails. The files of `videoFields` may
 * also be MP4/WebM videos (a quiz's image, the specification's fields).
 */
export async function withStoredFiles<F extends string, T>(
  uploads: UploadStore,
  files: Partial<Record<F, UploadedFile>>,
  write: (stored: Partial<Record<F, string>>) => Promise<T>,
  videoFields: readonly NoInfer<F>[] = [],
): Promise<T> {
  const sent = (Object.entries(files) as [F, UploadedFile | undefined][]).flatMap(([field, file]) => (file ? [{ field, file }] : []));
  const mayBeVideo = (field: F) => videoFields.includes(field);
  for (const { field, file } of sent) await (mayBeVideo(field) ? requireImageOrVideo(file) : requireImage(file));
  const stored: Partial<Record<F, string>> = {};
  try {
    for (const { field, file } of sent)
      stored[field] = await (mayBeVideo(field) ? uploads.saveImageOrVideo(file) : uploads.saveImage(file));
    return await write(stored);
  } catch (error) {
    await removeFiles(uploads, Object.values(stored));
    throw error;
  }
}

/** Removes the files of `before` that `after` no longer references (replaced or removed by a write). */
export async function removeReplaced<F extends string>(
  uploads: UploadStore,
  fields: readonly F[],
  before: Record<F, string | null>,
  after: Record<F, string | null>,
): Promise<void> {
  await removeFiles(
    uploads,
    fields.map((field) => (before[field] !== after[field] ? before[field] : null)),
  );
}

/**
 * Removes stored files. A file already gone is what was wanted, and a leftover file is harmless where a
 * failed request is not, so a failure to remove is not an error.
 */
export async function removeFiles(uploads: UploadStore, names: readonly (string | null | undefined)[]): Promise<void> {
  await Promise.all(names.map((name) => (name ? uploads.remove(name).catch(() => undefined) : undefined)));
}
