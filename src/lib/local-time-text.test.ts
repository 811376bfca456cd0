import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, localDateTimeText } from './local-time-text';

describe('localDateTimeText', () => {
  it("writes an instant on the reader's clock, summer time included", () => {
    expect(localDateTimeText('2026-01-01T10:00:01.000Z', 'Europe/London')).toBe('2026-01-01 10:00:01');
    expect(localDateTimeText('2026-07-01T10:00:01.000Z', 'Europe/London')).toBe('2026-07-01 11:00:01');
    expect(localDateTimeText(new Date('2026-01-01T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-01-02 05:00:00');
  });

  it('leaves a text that is no date as it is', () => {
    expect(localDateTimeText('soon', 'UTC')).toBe('soon');
  });

  it('knows IANA time zones and refuses others', () => {
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});
