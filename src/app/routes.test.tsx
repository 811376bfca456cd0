import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { opensLazyScreen, preloadScreen, routes } from './routes';

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

describe('preloadScreen', () => {
  /** Every route object of the table, depth first. */
  const allRoutes = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);

  it("starts loading the code of the address's screen and of its layout, and of nothing else", () => {
    const loads = new Map<RouteObject, { original: RouteObject['lazy']; load: ReturnType<typeof vi.fn> }>();
    for (const route of allRoutes(routes)) {
      if (typeof route.lazy !== 'function') continue;
      const load = vi.fn(async () => ({}));
      loads.set(route, { original: route.lazy, load });
      route.lazy = load;
    }
    try {
      preloadScreen({ pathname: '/list-quiz' });
    } finally {
      for (const [route, { original }] of loads) route.lazy = original;
    }
    const started = [...loads].filter(([, { load }]) => load.mock.calls.length > 0).map(([route]) => route.path ?? '(layout)');
    expect(started.sort()).toEqual(['(layout)', '/list-quiz']);
  });
});
