// Times in a CSV as a spreadsheet reader reads them: the reader's own clock ("2026-01-01 11:00:01"), not the API's
// UTC ISO text ("2026-01-01T10:00:01.000Z").

/** Whether `timeZone` is an IANA time zone this runtime knows ("Europe/London"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "YYYY-MM-DD HH:mm:ss" of an instant in `timeZone`; the text as given when it is no date. */
export function localDateTimeText(instant: string | Date, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
