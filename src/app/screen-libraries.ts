import { nextTask } from '../ui/next-task';

// A signed-in start evaluates the screens' code after its title is painted. Asked for at once, the router, the
// layout, the screen and the libraries under them arrive together and are evaluated in one task: 30-60 ms of the
// main thread under Lighthouse, four times that at a phone's pace (issue 20 §3, total blocking time). The libraries
// are evaluated first instead, one chunk per task, and the screens' own code after them.

/** The screens' library chunks (vite.config.ts), in the order they are evaluated. */
// Any module of a chunk evaluates the whole chunk: Dexie's, then the vendor chunk's (Mantine with it) through
// @mantine/notifications, one of its modules that the first bundle does not hold (importing all of
// @mantine/core here would pull all of it into the first bundle).
const LIBRARIES: readonly (() => Promise<unknown>)[] = [() => import('dexie'), () => import('@mantine/notifications')];

/**
 * Loads and evaluates the screens' libraries, one chunk per task. Resolves once they are in, or once one could
 * not load (offline, no cache yet): the screens' own loads then report that failure where the user sees it.
 */
export async function loadScreenLibraries(libraries: readonly (() => Promise<unknown>)[] = LIBRARIES): Promise<void> {
  for (const library of libraries) {
    try {
      await library();
    } catch {
      return;
    }
    await nextTask();
  }
}
