import type { ImageValue } from '../../ui/ImageInput';
import type { PollChanges } from '../../store/polls';
import type { PollRow } from './poll-rows';

// What Add Poll and Edit Poll queue, without React, so each rule is tested alone.

/**
 * The QR image part of a poll's payload: a newly chosen file; qr_image_clear when a saved image was
 * removed (a file field never carries a URL, the convention of questions); otherwise nothing, so the
 * stored image is never sent back.
 */
export function qrImagePayload(initial: ImageValue, value: ImageValue): PollChanges {
  if (value instanceof File) return { qr_image: value };
  if (value === null && initial !== null) return { qr_image: null, qr_image_clear: true };
  return {};
}

/**
 * Only the fields an edit changed are queued, so an edit made offline does not overwrite others' changes.
 * A new file and a removal are always kept: the mirror may already hold an earlier removal's flag.
 */
export function changedPollFields(row: PollRow, payload: PollChanges): PollChanges {
  const current: Record<string, unknown> = { ...row };
  return Object.fromEntries(
    Object.entries(payload).filter(([field, value]) => value instanceof File || field === 'qr_image_clear' || current[field] !== value),
  );
}

/** The longest choice name the server takes. */
export const CHOICE_NAME_MAX = 255;

/** Add Poll's choices: one per line, trimmed, blank lines and repeats left out; an error for a name too long. */
export function choiceNamesOf(text: string): { names: string[]; error: string | null } {
  const names = [...new Set(text.split(/\r?\n/).map((line) => line.trim()))].filter((name) => name !== '');
  const tooLong = names.some((name) => name.length > CHOICE_NAME_MAX);
  return { names, error: tooLong ? `Ensure each choice has no more than ${CHOICE_NAME_MAX} characters.` : null };
}
