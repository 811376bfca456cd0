/** One event of a Chromium trace (the fields the tools read). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

/** A thread's key in a trace: its process and thread ids. */
export const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/** The page's main thread: the renderer main thread that worked most (the other tabs are about:blank). */
export function pageMainThread(events: TraceEvent[]): string {
  const rendererMain = new Set(
    events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadOf),
  );
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'RunTask' && event.ph === 'X' && rendererMain.has(threadOf(event)))
      busy.set(threadOf(event), (busy.get(threadOf(event)) ?? 0) + (event.dur ?? 0));
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('No renderer main thread in the trace');
  return main;
}
