/** How long the page must stay idle, with no busy stretch, before it counts as quiet. */
export const QUIET_MS = 1000;
/** Idle periods further apart than this had a busy stretch (a long task, a burst of work) between them. */
const BUSY_GAP_MS = 100;
/** Never wait longer than this: a page busy for good still gets the news. */
export const QUIET_WAIT_LIMIT_MS = 10_000;

/**
 * Calls `run` once the page has been quiet for `QUIET_MS`: idle periods following each other with no busy
 * stretch between them. News that is not urgent ("Ready to work offline") then waits until the first screen
 * has been drawn and its data shown, rather than landing between the start-up's tasks, where drawing it
 * lengthens them (on a fast network the service worker is ready before the screen is).
 * Returns what cancels it.
 */
export function whenPageQuiet(run: () => void, now: () => number = () => performance.now()): () => void {
  // Safari has no idle callbacks: there, a quiet second by the clock.
  if (typeof globalThis.requestIdleCallback !== 'function') {
    const timer = setTimeout(run, QUIET_MS);
    return () => clearTimeout(timer);
  }
  const start = now();
  let quietSince = start;
  let lastIdleEnd = start;
  let request = 0;
  const check = (deadline: IdleDeadline) => {
    const time = now();
    if (time - lastIdleEnd > BUSY_GAP_MS) quietSince = time;
    lastIdleEnd = time + deadline.timeRemaining();
    if (deadline.didTimeout || time - quietSince >= QUIET_MS) run();
    else request = requestIdleCallback(check, { timeout: Math.max(0, start + QUIET_WAIT_LIMIT_MS - time) });
  };
  request = requestIdleCallback(check, { timeout: QUIET_WAIT_LIMIT_MS });
  return () => cancelIdleCallback(request);
}
