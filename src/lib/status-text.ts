import { STATUS_LABELS } from './quiz-rules';

// Statuses as people read them: the Quiz Report showed the API's COMPLETED and IN_PROGRESS.

/** An attempt's statuses in words. */
export const ATTEMPT_STATUS_LABELS: Readonly<Record<string, string>> = {
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
};

/**
 * A status in words: an attempt's or a quiz's known label, otherwise the code written as words
 * ("RESULT_AWAITED" -> "Result awaited"), so a status added later never shows in capitals.
 */
export function statusText(status: string): string {
  const known = ATTEMPT_STATUS_LABELS[status] ?? (STATUS_LABELS as Readonly<Record<string, string>>)[status];
  if (known) return known;
  const words = status.replace(/_/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : status;
}
