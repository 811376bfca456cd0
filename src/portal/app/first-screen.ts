import type * as RouterChunk from './router';
import { isLoginPath } from './screen-table';
import { loadOnce } from '../../lib/load-once';

// Which screen the page opens on decides what the first bundle must hold (/login within 120 kB gzip
// of JavaScript). The sign-in screen, on / and /login without a stored token, is drawn by a small shell of our
// own (shell.tsx) without React Router; everything else goes through the router, whose chunk (React Router, the
// routes table, the guards, RootLayout: router.tsx) loads on demand. Nothing here may import that chunk statically.

export type RouterModule = typeof RouterChunk;

/** Whether the page opens on the sign-in screen drawn by the shell, without the router. */
export function opensOnLoginShell({ pathname }: { pathname: string }, storedToken: string | null): boolean {
  return storedToken === null && isLoginPath(pathname);
}

/**
 * The router's chunk, loaded once whoever asks first (the start, the shell's first touch, a link, the sign-in).
 * A failed load (offline without the worker's cache) is forgotten, so that the next ask tries again.
 */
export const loadRouter: () => Promise<RouterModule> = loadOnce(() => import('./router'));
