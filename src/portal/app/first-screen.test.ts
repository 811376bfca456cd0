import { describe, expect, it } from 'vitest';
import { loadRouter, opensOnLoginShell } from './first-screen';

describe('opensOnLoginShell', () => {
  it('is true for the sign-in addresses without a stored token, as the router matches them', () => {
    for (const pathname of ['/', '/login', '/login/', '/LOGIN']) expect(opensOnLoginShell({ pathname }, null)).toBe(true);
  });

  it('is false with a stored token: the router holds the screen behind the session spinner, then redirects', () => {
    expect(opensOnLoginShell({ pathname: '/login' }, 'k1')).toBe(false);
    expect(opensOnLoginShell({ pathname: '/' }, 'k1')).toBe(false);
  });

  it('is false for any other address, unknown ones included (the router redirects them)', () => {
    for (const pathname of ['/reset/password/', '/password/reset/some-token', '/dashboard', '/list-quiz', '/login/more', '/no/such/screen'])
      expect(opensOnLoginShell({ pathname }, null)).toBe(false);
  });
});

describe('loadRouter', () => {
  it("loads the router's chunk once, whoever asks", async () => {
    const first = loadRouter();
    expect(loadRouter()).toBe(first);
    expect((await first).RouterScreens).toBeTypeOf('function');
  });
});
