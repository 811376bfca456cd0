import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const range = { firstMs: 1_000, maxMs: 10_000 };

  it('doubles from the first wait up to the longest, half of it fixed and half random', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempts) => backoffDelay(attempts, range, () => 1))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
    expect([1, 2, 3, 4, 5, 9].map((attempts) => backoffDelay(attempts, range, () => 0))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });

  it('takes no attempt yet as the first', () => {
    expect(backoffDelay(0, range, () => 1)).toBe(1000);
  });
});
