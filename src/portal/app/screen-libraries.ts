import { nextTask } from '../../lib/next-task';

// A signed-in start evaluates the screens' code after its title is painted. Asked for at once, the router, the
// layout, the screen and the libraries under them arrive together and are evaluated in one task: 30-60 ms of the
// main thread under Lighthouse, four times that at a phone's pace (total blocking time). The libraries
// are evaluated first instead, one chunk per task, and the screens' own code after them. Not offline: nothing is
// downloaded then (the service worker's cache answers at once), and loading in turn only made the first list later
// (the offline cold start).

/**
 * Starts opening the local database, not waiting for it: an open held up by another tab's older version must not
 * hold up the screens. Opened ahead of the screen's first query, its task is the open alone; left to that query, it
 * also ran every query that had waited for it (18-38 ms unthrottled on a fresh profile).
 */
export async function startOpeningDatabase(): Promise<void> {
  const { portalDatabase } = await import('../local/db');
  // A failed open fails the queries that follow it too, and they report it where the user looks.
  portalDatabase()
    .open()
    .catch(() => undefined);
}

// The screens' library chunks (vite.config.ts), in the order they are evaluated. Any module of a chunk evaluates
// the whole chunk: Dexie's, Mantine's notifications', the vendor chunk's (the rest of Mantine) through a module of
// ours put there, then the screens' shared chunk through the local database, which starts opening.
const LIBRARIES: readonly (() => Promise<unknown>)[] = [
  () => import('dexie'),
  () => import('@mantine/notifications'),
  () => import('./screens-vendor-chunk').then(({ CHUNK }) => CHUNK),
  startOpeningDatabase,
];

/**
 * Loads and evaluates the screens' libraries, one chunk per task, online. Resolves once they are in, or once one
 * could not load, or at once offline: the screens' own loads then report a failure where the user sees it.
 */
export async function loadScreenLibraries(libraries: readonly (() => Promise<unknown>)[] = LIBRARIES): Promise<void> {
  if (navigator.onLine === false) return;
  for (const library of libraries) {
    try {
      await library();
    } catch {
      return;
    }
    await nextTask();
  }
}
