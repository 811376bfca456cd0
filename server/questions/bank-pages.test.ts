import { describe, expect, it } from 'vitest';
import { BankPageCache, type BankPageKey } from './bank-pages';
import type { QuestionRow } from './question-read';

const key = (offset: number, overrides: Partial<BankPageKey> = {}): BankPageKey => ({
  clientId: 1,
  version: 1,
  direction: 'desc',
  limit: 2,
  offset,
  ...overrides,
});
const rows = (...ids: number[]) => ids.map((id) => ({ id }) as QuestionRow);

describe('BankPageCache', () => {
  it('reads a page once per client, version, direction, size and offset', async () => {
    const cache = new BankPageCache();
    let reads = 0;
    const read =
      (...ids: number[]) =>
      async () => {
        reads += 1;
        return rows(...ids);
      };
    expect(await cache.rowsOf(key(0), read(9, 8))).toEqual(rows(9, 8));
    expect(await cache.rowsOf(key(0), read(0))).toEqual(rows(9, 8));
    expect(reads).toBe(1);
    for (const other of [key(2), key(0, { version: 2 }), key(0, { clientId: 2 }), key(0, { direction: 'asc' }), key(0, { limit: 3 })])
      await cache.rowsOf(other, read(1));
    expect(reads).toBe(6);
  });

  it('drops the least recently used pages beyond its rows, and keeps no page larger than all of them', async () => {
    const cache = new BankPageCache(4);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return rows(reads, reads);
    };
    await cache.rowsOf(key(0), read);
    await cache.rowsOf(key(2), read);
    await cache.rowsOf(key(0), read);
    await cache.rowsOf(key(4), read);
    expect(reads).toBe(3);
    await cache.rowsOf(key(0), read);
    expect(reads).toBe(3);
    await cache.rowsOf(key(2), read);
    expect(reads).toBe(4);

    const big = new BankPageCache(1);
    let bigReads = 0;
    const readTwo = async () => {
      bigReads += 1;
      return rows(1, 2);
    };
    await big.rowsOf(key(0), readTwo);
    await big.rowsOf(key(0), readTwo);
    expect(bigReads).toBe(2);
  });
});
