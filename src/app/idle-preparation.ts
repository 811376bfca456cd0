import { prepareDateFormatter } from '../lib/date-text';

// A signed-in start waits for its screen's code for a while after the screen's title is painted: on a slow
// network, seconds of an idle main thread. Work the screen will need anyway is done then, one step per idle
// moment, rather than inside the task that draws the screen's first rows, where it made that task longer
// (issue 20 §3: the first date formatter, which loads the locale's data, took 57-91 ms of List Quiz's first
// rows at a phone's speed).

/** The date formatters the lists write their dates with (category, poll and quiz rows). */
const LIST_DATE_STYLES = ['day', 'timeZone'] as const;

/** What is done ahead, in order, one step per idle moment. */
export const IDLE_PREPARATION: readonly (() => void)[] = LIST_DATE_STYLES.map((style) => () => prepareDateFormatter(style));

/**
 * Runs `steps` one per idle moment of the page (none where the browser has no idle callbacks: Safari). Nothing
 * waits for them, and a step that never runs costs nothing but doing the same work later. Returns what cancels
 * the steps not yet run.
 */
export function prepareWhenIdle(steps: readonly (() => void)[] = IDLE_PREPARATION, target: Window = window): () => void {
  if (typeof target.requestIdleCallback !== 'function') return () => {};
  let next = 0;
  let request = 0;
  const step = () => {
    steps[next]?.();
    next += 1;
    if (next < steps.length) request = target.requestIdleCallback(step);
  };
  if (steps.length > 0) request = target.requestIdleCallback(step);
  return () => target.cancelIdleCallback(request);
}
