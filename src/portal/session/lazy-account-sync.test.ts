import { expect, it, vi } from 'vitest';
import type { AccountSync } from './account-sync';
import { lazyAppAccountSync } from './lazy-account-sync';

// The account sync's chunk fails to load once (the network dropped before the worker had cached it), then loads.
const chunk = vi.hoisted(() => ({
  loads: 0,
  sync: { begin: vi.fn(async () => undefined), resume: vi.fn(async () => undefined), end: vi.fn(), waitingChanges: vi.fn() },
}));
vi.mock('./account-sync', () => {
  chunk.loads += 1;
  if (chunk.loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return { appAccountSync: chunk.sync as unknown as AccountSync };
});

it("asks for the account sync's chunk again after a failed load", async () => {
  await expect(lazyAppAccountSync.resume()).rejects.toThrow();
  await lazyAppAccountSync.resume();
  await lazyAppAccountSync.resume();
  expect(chunk.sync.resume).toHaveBeenCalledTimes(2);
  expect(chunk.loads).toBe(2);
});
