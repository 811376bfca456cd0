import { describe, expect, it } from 'vitest';
import { TOKEN_CACHE_MS, TokenOwnerCache, type TokenOwner } from './token-cache';

const owner = (id: number): TokenOwner => ({ id, client_id: 1, email: `u${id}@example.test`, username: `u${id}`, last_used_at: '' });

function cacheAt(start = 1000) {
  const clock = { now: start };
  return { clock, cache: new TokenOwnerCache(() => clock.now) };
}

describe('TokenOwnerCache', () => {
  it('answers a token for TOKEN_CACHE_MS after it was read, then asks the database again', () => {
    const { clock, cache } = cacheAt();
    cache.keep('a', owner(1), cache.started());
    clock.now += TOKEN_CACHE_MS;
    expect(cache.get('a')).toEqual(owner(1));
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets every token of a revoked user at once, and keeps nothing a lookup begun before read', () => {
    const { clock, cache } = cacheAt();
    cache.keep('a', owner(1), cache.started());
    cache.keep('b', owner(1), cache.started());
    cache.keep('c', owner(2), cache.started());
    const begun = cache.started();
    clock.now += 1;
    cache.revokeUser(1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, owner(2)]);
    // A lookup that read the row before the revocation committed.
    cache.keep('a', owner(1), begun);
    expect(cache.get('a')).toBeUndefined();
    clock.now += 1;
    cache.keep('a', owner(1), cache.started());
    expect(cache.get('a')).toEqual(owner(1));
  });

  it('keeps no lookup slower than TOKEN_CACHE_MS, whose revocation mark may be gone', () => {
    const { clock, cache } = cacheAt();
    const begun = cache.started();
    clock.now += 1;
    cache.revokeUser(1);
    clock.now += TOKEN_CACHE_MS + 1;
    cache.revokeUser(2);
    cache.keep('a', owner(1), begun);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most its number of tokens, dropping the oldest', () => {
    const clock = { now: 0 };
    const cache = new TokenOwnerCache(() => clock.now, TOKEN_CACHE_MS, 2);
    for (const hash of ['a', 'b', 'c']) cache.keep(hash, owner(1), cache.started());
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, owner(1), owner(1)]);
  });
});
