import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './random-uuid';

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes version 4 UUIDs where crypto.randomUUID is missing (a page served over plain http)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const made = new Set(Array.from({ length: 100 }, () => randomUuid()));
    expect(made.size).toBe(100);
    for (const uuid of made) expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('uses crypto.randomUUID where there is one', () => {
    vi.stubGlobal('crypto', { randomUUID: () => '00000000-0000-4000-8000-000000000000' });
    expect(randomUuid()).toBe('00000000-0000-4000-8000-000000000000');
  });
});
