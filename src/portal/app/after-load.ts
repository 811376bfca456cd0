/** The longest an idle moment is waited for once the page has loaded: a page busy for good still gets its turn. */
export const AFTER_LOAD_IDLE_LIMIT_MS = 2000;

/**
 * Calls `run` once the page has loaded (its first scripts and styles), at the first idle moment after that. For
 * work the first screen does not need, such as the service worker's registration: started at once, its
 * script and then its precache of every chunk competed with the first screen's own downloads and tasks on a
 * slow phone. Returns what cancels it.
 */
export function afterLoad(run: () => void, target: Window = window): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    // Safari has no idle callbacks: there, the next task.
    if (typeof target.requestIdleCallback !== 'function') {
      const timer = target.setTimeout(run, 0);
      cancelIdle = () => target.clearTimeout(timer);
      return;
    }
    const request = target.requestIdleCallback(run, { timeout: AFTER_LOAD_IDLE_LIMIT_MS });
    cancelIdle = () => target.cancelIdleCallback(request);
  };
  if (target.document.readyState === 'complete') {
    whenIdle();
    return () => cancelIdle();
  }
  target.addEventListener('load', whenIdle, { once: true });
  return () => {
    target.removeEventListener('load', whenIdle);
    cancelIdle();
  };
}
