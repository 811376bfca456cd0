/** "Saved 5 minutes ago": the age of a copy kept for offline reading (docs/decisions.md "Offline"), in plain words. */
export function savedAgeText(savedAt: number, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - savedAt) / 1000));
  if (seconds < 60) return 'Saved just now';
  const units: [number, string][] = [
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `Saved ${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'Saved just now';
}
