import { expect, it } from 'vitest';
import { secondsLeft } from './countdown';

it('counts whole seconds up, reaching 0 only when time is up', () => {
  expect(secondsLeft(10_000, 0)).toBe(10);
  expect(secondsLeft(10_000, 9_001)).toBe(1);
  expect(secondsLeft(10_000, 10_000)).toBe(0);
  expect(secondsLeft(10_000, 11_000)).toBe(0);
});
