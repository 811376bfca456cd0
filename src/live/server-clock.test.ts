import { describe, expect, it } from 'vitest';
import { LiveServerClock } from './server-clock';

describe('LiveServerClock', () => {
  it("raises Firebase's offset to the highest bound given by the nodes' sent_at, and never lowers it", () => {
    const clock = new LiveServerClock();
    clock.setBaseOffset(-200);
    expect(clock.serverNow(10_000)).toBe(9_800);
    clock.sample(12_000, 10_000); // written at 12 000 server time, heard at 10 000 here: at least 2 s ahead
    expect(clock.offset).toBe(2_000);
    clock.sample(5_000, 10_000); // an old node read late says little
    expect(clock.offset).toBe(2_000);
  });
  it('ignores a base offset that is not a number', () => {
    const clock = new LiveServerClock();
    clock.setBaseOffset(Number.NaN);
    expect(clock.offset).toBe(0);
  });
});
