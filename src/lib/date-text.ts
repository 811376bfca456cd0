// The portal's one date formatter: every screen writes dates through these, in the browser's locale
// and the device's time zone, or a dash when there is none (a row the server has not stored yet) or it cannot
// be read. A moment people meet at (a quiz's start and end) also names its time zone; a list's day does not.
//
// Intl formatters are made on first use and kept: the first one of a page loads the locale's data (about 20 ms
// of a slow phone's main thread, measured with Lighthouse's 4x slowdown, and up to 80 ms unthrottled on a busy machine), paid once,
// not per cell. A signed-in start has a worker load it first (app/locale-data.ts).

export type DateStyle = 'day' | 'dayTime' | 'dayTimeZone' | 'timeZone';
type Style = DateStyle;

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  dayTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  dayTimeZone: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
  timeZone: { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The browser's locale (undefined: Intl's default, which is the browser's); tests may pass one. */
function formatter(style: Style, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${locale ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, OPTIONS[style]);
    formatters.set(key, made);
  }
  return made;
}

/** The styles the lists write their dates in (category, poll and quiz rows). */
export const LIST_DATE_STYLES = ['day', 'timeZone'] as const satisfies readonly DateStyle[];

/**
 * Makes a style's formatter for the browser's locale now, ahead of its first date: in a worker at the start
 * (app/locale-data.worker.ts), which loads the locale's data off the main thread.
 */
export function prepareDateFormatter(style: DateStyle): void {
  formatter(style, undefined);
}

function parsed(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function written(style: Style, value: string | number | Date | null | undefined, locale?: string): string {
  const date = parsed(value);
  return date ? formatter(style, locale).format(date) : '—';
}

/** A day, e.g. "21 Nov 2026" (en-GB) or "Nov 21, 2026" (en-US). */
export function dayText(value: string | number | Date | null | undefined, locale?: string): string {
  return written('day', value, locale);
}

/** A day and its time, e.g. "21 Nov 2026, 14:30" (en-GB). */
export function dayTimeText(value: string | number | Date | null | undefined, locale?: string): string {
  return written('dayTime', value, locale);
}

/** A day and its time with the time zone, for moments people meet at (a quiz's start), e.g. "21 Nov 2026, 14:30 CET". */
export function dayTimeZoneText(value: string | number | Date | null | undefined, locale?: string): string {
  return written('dayTimeZone', value, locale);
}

/**
 * The same moment as `dayTimeZoneText` in two parts, the day and the time with its zone, for a narrow table
 * column that shows them on two lines, e.g. ["21 Nov 2026", "14:30 CET"]; one dash when there is no date.
 */
export function dayAndTimeZoneText(value: string | number | Date | null | undefined, locale?: string): [string] | [string, string] {
  if (!parsed(value)) return ['—'];
  return [written('day', value, locale), written('timeZone', value, locale)];
}

/** A length of time on a clock face, e.g. "1:39:26", or "4:05" under an hour (a countdown's time left). */
export function durationText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
