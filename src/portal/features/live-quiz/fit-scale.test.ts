import { describe, expect, it } from 'vitest';
import { fitScale } from './fit-scale';

describe('fitScale', () => {
  it('keeps full size when the content fits', () => {
    const tried: number[] = [];
    expect(fitScale((scale) => (tried.push(scale), true))).toBe(1);
    expect(tried).toEqual([1]);
  });

  it('finds the largest scale that fits, within the precision, and never one that overflows', () => {
    // Content 1500 px high at full size in a 1000 px panel: fits from 2/3 down.
    const fits = (scale: number) => 1500 * scale <= 1000;
    const scale = fitScale(fits, { min: 0.4, precision: 0.01 });
    expect(fits(scale)).toBe(true);
    expect(scale).toBeGreaterThan(2 / 3 - 0.01);
    expect(scale).toBeLessThanOrEqual(2 / 3);
  });

  it('stops at the floor when nothing fits', () => {
    expect(fitScale(() => false, { min: 0.5, precision: 0.01 })).toBe(0.5);
  });

  it('takes a handful of layouts, not one per step', () => {
    let layouts = 0;
    fitScale((scale) => (layouts++, scale < 0.55), { min: 0.4, precision: 0.02 });
    expect(layouts).toBeLessThanOrEqual(7);
  });
});
