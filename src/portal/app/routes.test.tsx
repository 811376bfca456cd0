import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { screenTitleOf } from './route-title';
import { codeOf, isLoginPath, LAZY_SCREENS, lazyScreenAt, loadPortalLayout, preloadScreenAt, startingTitleAt } from './screen-table';

/** An address of a screen's path, its parameters filled in. */
const addressOf = (path: string): string => path.replace(/:\w+/g, (name) => `${name.slice(1)}-12`);

describe('the screen table and the routes built from it', () => {
  it.each(LAZY_SCREENS.map((screen) => [screen.path, screen] as const))(
    '%s: the router opens the same screen, under the same title, as the start names (and no other entry matches)',
    (path, screen) => {
      const address = addressOf(path);
      expect(lazyScreenAt(address)).toBe(screen);
      const matches = matchRoutes(routes, address) ?? [];
      expect(matches.at(-1)?.route.path).toBe(path);
      expect(matches.at(-1)?.route.lazy).toBeTypeOf('function');
      expect(screenTitleOf(matches.map((match) => match.route.handle))).toBe(screen.title);
      expect(startingTitleAt(address)).toBe(screen.title);
    },
  );

  it('matches as the router does: any case, a trailing slash or not', () => {
    expect(lazyScreenAt('/LIST-quiz/')?.title).toBe('List Quiz');
    expect(lazyScreenAt('/add-category/12/update')?.title).toBe('Edit Category');
    expect(lazyScreenAt('/password/reset/some-token')?.title).toBe('New Password');
    expect(matchRoutes(routes, '/LIST-quiz/')?.at(-1)?.route.path).toBe('/list-quiz');
  });

  it('names no lazy screen for the sign-in screen nor for an unknown address (which redirects)', () => {
    expect(lazyScreenAt('/login')).toBeUndefined();
    expect(lazyScreenAt('/')).toBeUndefined();
    expect(lazyScreenAt('/no/such/screen')).toBeUndefined();
    expect(lazyScreenAt('/list-quiz/12')).toBeUndefined();
    expect(startingTitleAt('/no/such/screen')).toBeUndefined();
  });

  it('knows the sign-in addresses and their title', () => {
    for (const path of ['/', '/login', '/LOGIN/', '//']) expect(isLoginPath(path)).toBe(true);
    for (const path of ['/login/more', '/dashboard', '/loginx']) expect(isLoginPath(path)).toBe(false);
    expect(startingTitleAt('/login')).toBe('Login');
  });
});

describe('preloadScreenAt', () => {
  it('asks for a portal screen with its layout, a full-screen one alone', () => {
    const list = lazyScreenAt('/list-quiz')!;
    const stage = lazyScreenAt('/list-quiz/3/stage')!;
    expect(codeOf(list)).toEqual([loadPortalLayout, list.load]);
    expect(codeOf(stage)).toEqual([stage.load]);
  });

  it("starts loading the code of the address's screen, in a task of its own, and nothing for an unknown address", async () => {
    vi.useFakeTimers();
    try {
      const screen = lazyScreenAt('/list-quiz/3/stage')!;
      const load = vi.spyOn(screen, 'load').mockResolvedValue(() => null);
      preloadScreenAt('/list-quiz/3/stage');
      preloadScreenAt('/no/such/screen');
      expect(load).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(load).toHaveBeenCalledTimes(1);
      load.mockRestore();
    } finally {
      vi.useRealTimers();
    }
  });
});
