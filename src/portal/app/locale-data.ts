// The first Intl formatter a page makes loads the locale's data (ICU), once per page: 15-80 ms of the main thread
// on the benchmark's machine, unthrottled, and four times that at a phone's pace. That work is the browser's, not
// the page's: it is shared by every thread of the page. So a worker makes the lists' formatters first, off the
// main thread, while the screen's code downloads; the main thread's own first formatter then takes under a
// millisecond (List Quiz's total blocking time: in idle moments on the main thread, the load still
// made a task of 16-83 ms).

/** Starts the worker (locale-data.worker.ts); Vite builds it as a file of its own, under the policy's worker-src 'self'. */
const startWorker = (): Worker => new Worker(new URL('./locale-data.worker.ts', import.meta.url), { type: 'module' });

let started = false;

/**
 * Loads the locale's data in a worker, once per page, online: while the screen's code downloads. Offline that code
 * comes from the service worker's cache at once, and a worker started then only competed with the start for the
 * phone's cores (the offline cold start to the first list took ~20 ms longer with it). Nothing waits
 * for it: where there are no workers, or the worker cannot start, the first formatter loads the data itself.
 */
export function loadLocaleDataAside(start: () => Worker = startWorker): void {
  if (started || typeof Worker !== 'function' || navigator.onLine === false) return;
  started = true;
  try {
    start();
  } catch {
    // The main thread's first formatter pays instead.
  }
}
