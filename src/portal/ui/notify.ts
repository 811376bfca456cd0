import { notifications } from '@mantine/notifications';
import { serverConnection } from '../api/connection';
import { ApiError, readableMessage } from '../api/errors';
import { LocalStorageFullError } from '../store/mirror';
import { showNotice } from './notice';

export { showNotice };

/** Error notification helper: shows any failure (docs/decisions.md "Spec defects fixed": nothing fails silently); a full disk says so plainly. */
export function notifyError(error: unknown, title = 'Something went wrong'): void {
  const full = error instanceof LocalStorageFullError;
  showNotice({
    kind: 'error',
    color: 'red',
    title: full ? 'Not saved: this device is full' : title,
    message: full ? `${error.message} Free some space, then try again.` : readableMessage(error),
    autoClose: full ? false : 8000,
  });
  if (!full && !(error instanceof ApiError)) console.error(title, error);
}

/** Puts the server's field errors under the matching form fields; returns true if any field matched. */
export function showFieldErrors(
  setErrors: (errors: Record<string, string>) => void,
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  fields: readonly string[],
): boolean {
  const matched = Object.fromEntries(
    fields.filter((field) => fieldErrors[field]?.length).map((field) => [field, fieldErrors[field]!.join(' ')]),
  );
  setErrors(matched);
  return Object.keys(matched).length > 0;
}

/** Said after a save made while offline: it is kept here and queued. */
export const SAVED_OFFLINE_NOTE = 'Saved on this device; it is sent to the server when the connection is back.';

/** One confirmation shows at a time: quick saves (choices added one after another) must not pile up over the page. */
let shownConfirmation: string | undefined;
let confirmationCount = 0;

/**
 * A short confirmation after a save or a delete, e.g. "Category deleted". Changes are queued: while the server does
 * not answer it adds that the change waits on this device. Closes by itself after a few seconds; a newer one
 * replaces it.
 */
export function notifyDone(title: string): void {
  const online = serverConnection.getState() !== 'offline';
  if (shownConfirmation) notifications.hide(shownConfirmation);
  // A fresh id each time, so the replacement gets its own few seconds instead of the old one's remaining time.
  shownConfirmation = `confirmation-${++confirmationCount}`;
  showNotice({ id: shownConfirmation, color: 'green', title, message: online ? undefined : SAVED_OFFLINE_NOTE, autoClose: 4000 });
}
