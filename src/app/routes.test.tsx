import { describe, expect, it } from 'vitest';
import { opensLazyScreen } from './routes';

describe('opensLazyScreen', () => {
  it('is false for the sign-in screens of the first bundle, so their router is made at once', () => {
    expect(opensLazyScreen({ pathname: '/login' })).toBe(false);
    expect(opensLazyScreen({ pathname: '/' })).toBe(false);
  });

  it('is true for the screens whose code loads on demand', () => {
    expect(opensLazyScreen({ pathname: '/list-quiz' })).toBe(true);
    expect(opensLazyScreen({ pathname: '/add-category/12/update' })).toBe(true);
    expect(opensLazyScreen({ pathname: '/password/reset/some-token' })).toBe(true);
  });

  it('is false for an unknown address, which redirects', () => {
    expect(opensLazyScreen({ pathname: '/no/such/screen' })).toBe(false);
  });
});
