// Dates as the lists show them ("21 Nov 2026", "21 Nov 2026, 14:30" in the device's time zone), or a dash
// when there is none (a row the server has not stored yet) or it cannot be read. Written out by hand rather
// than with Intl.DateTimeFormat: the first Intl formatter of a page loads the locale's data, about 20 ms of a
// slow phone's main thread in the middle of drawing its first list (measured, issue 9), and the portal's
// words are English anyway.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function parsed(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const day = (date: Date) => `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day, e.g. "21 Nov 2026". */
export function dayText(value: string | null | undefined): string {
  const date = parsed(value);
  return date ? day(date) : '—';
}

/** A day and its time (24-hour clock), e.g. "21 Nov 2026, 14:30". */
export function dayTimeText(value: string | null | undefined): string {
  const date = parsed(value);
  return date ? `${day(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : '—';
}
