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
