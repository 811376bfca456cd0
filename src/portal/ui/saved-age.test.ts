import { savedAgeText } from './saved-age';

describe('saved age', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('says how long ago a copy was saved, in the largest whole unit', () => {
    expect(savedAgeText(now - 20_000, now)).toBe('Saved just now');
    expect(savedAgeText(now - 60_000, now)).toBe('Saved 1 minute ago');
    expect(savedAgeText(now - 5 * 60_000 - 59_000, now)).toBe('Saved 5 minutes ago');
    expect(savedAgeText(now - 3 * 3_600_000, now)).toBe('Saved 3 hours ago');
    expect(savedAgeText(now - 49 * 3_600_000, now)).toBe('Saved 2 days ago');
  });
  it('treats a clock moved back as just now', () => {
    expect(savedAgeText(now + 10_000, now)).toBe('Saved just now');
  });
});
