import { describe, expect, it } from 'vitest';
import { dayText, dayTimeText } from './date-text';

describe('list dates', () => {
  it('shows a dash for a missing or unreadable date', () => {
    expect(dayText(undefined)).toBe('—');
    expect(dayText(null)).toBe('—');
    expect(dayTimeText('')).toBe('—');
    expect(dayTimeText('not a date')).toBe('—');
  });

  it('writes the day, and the day with its time on a 24-hour clock, in the device time zone', () => {
    const local = new Date(2026, 10, 21, 9, 5);
    expect(dayText(local.toISOString())).toBe('21 Nov 2026');
    expect(dayTimeText(local.toISOString())).toBe('21 Nov 2026, 09:05');
    expect(dayTimeText(new Date(2027, 0, 2, 23, 59).toISOString())).toBe('2 Jan 2027, 23:59');
  });
});
