import { describe, expect, it } from 'vitest';
import { dayAndTimeZoneText, dayText, dayTimeText, dayTimeZoneText, durationText } from './date-text';

describe('the one date formatter', () => {
  it('shows a dash for a missing or unreadable date', () => {
    expect(dayText(undefined)).toBe('—');
    expect(dayText(null)).toBe('—');
    expect(dayTimeText('')).toBe('—');
    expect(dayTimeText('not a date')).toBe('—');
    expect(dayTimeZoneText(undefined)).toBe('—');
  });

  it("writes dates in the browser's locale and the device's time zone", () => {
    const local = new Date(2026, 10, 21, 9, 5);
    expect(dayText(local.toISOString(), 'en-GB')).toBe('21 Nov 2026');
    expect(dayText(local.toISOString(), 'en-US')).toBe('Nov 21, 2026');
    expect(dayTimeText(local.toISOString(), 'en-GB')).toBe('21 Nov 2026, 09:05');
    expect(dayTimeText(local.getTime(), 'de-DE')).toBe('21. Nov. 2026, 09:05');
    // With no locale given, the browser's (Intl's default).
    const browser = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(local);
    expect(dayText(local)).toBe(browser);
  });

  it('names the time zone for moments people meet at', () => {
    const local = new Date(2026, 10, 21, 9, 5);
    const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(local)
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(dayTimeZoneText(local, 'en-GB')).toBe(`21 Nov 2026, 09:05 ${zone}`);
  });

  it('splits such a moment into its day and its time with the zone, for a two-line table cell', () => {
    const local = new Date(2026, 10, 21, 9, 5);
    const zone = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(local)
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(dayAndTimeZoneText(local, 'en-GB')).toEqual(['21 Nov 2026', `09:05 ${zone}`]);
    expect(dayAndTimeZoneText(null)).toEqual(['—']);
    expect(dayAndTimeZoneText('not a date')).toEqual(['—']);
  });
});

it('writes a countdown as h:mm:ss, m:ss under an hour ("Time left 5966 s")', () => {
  expect(durationText(5966)).toBe('1:39:26');
  expect(durationText(3600)).toBe('1:00:00');
  expect(durationText(245)).toBe('4:05');
  expect(durationText(7)).toBe('0:07');
  expect(durationText(-3)).toBe('0:00');
});
