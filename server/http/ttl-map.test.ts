import { describe, expect, it } from 'vitest';
import { TtlMap } from './ttl-map';

describe('TtlMap', () => {
  it('forgets an entry after its time and the oldest beyond its size', () => {
    let now = 0;
    const map = new TtlMap<string, number>(100, 2, () => now);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    now = 100;
    expect(map.get('a')).toBeUndefined();
    map.set('c', 3);
    map.set('d', 4);
    expect(map.size).toBe(2);
    expect(map.get('c')).toBe(3);
  });

  it('counts an entry’s time from when its value was read', () => {
    let now = 50;
    const map = new TtlMap<string, number>(100, 10, () => now);
    map.set('a', 1, 0);
    now = 99;
    expect(map.get('a')).toBe(1);
    now = 100;
    expect(map.get('a')).toBeUndefined();
  });
});
