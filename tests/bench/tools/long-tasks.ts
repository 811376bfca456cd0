import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumLaunchOptions } from '../../e2e/support/browser';
import { demoToken, portalBuild, startProductionPortal } from '../bundle-portal';

// Where a page's total blocking time comes from: the production portal (as the Lighthouse benchmark builds
// and serves it) opened signed in at 4x CPU slowdown (Lighthouse's mobile figure) in Chromium with a trace
// and a CPU profile. Each main-thread task over 50 ms is listed with its biggest trace events (script
// evaluation, timers, style, layout...) and the functions that took most of it, mapped back to their
// sources through the build's source maps.
//
//   npx tsx tests/bench/tools/long-tasks.ts [/list-quiz]     (RATE=4 slowdown, WAIT=7000 ms after navigation)
//
// A diagnostic, not a benchmark: it prints, it checks no budget.

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

interface ProfileChunkData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

const LONG_TASK_US = 50_000;
/** The trace events worth naming inside a long task. */
const TELLING = new Set(['EvaluateScript', 'FunctionCall', 'v8.evaluateModule', 'v8.compileModule', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'Paint', 'MajorGC', 'MinorGC']);

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;
const ms = (us: number) => (us / 1000).toFixed(0).padStart(4);

async function trace(origin: string, pagePath: string): Promise<TraceEvent[]> {
  const token = await demoToken(origin);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    // A string: tests/bench compiles without the DOM library.
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'disabled-by-default-v8.cpu_profiler'],
    });
    await page.goto(`${origin}${pagePath}`);
    await page.waitForTimeout(Number(process.env.WAIT ?? 7000));
    const buffer = await browser.stopTracing();
    return (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await browser.close();
  }
}

/** Source positions of the built files, read once per file. */
function sourceMapper(buildDir: string): (url: string, line: number, column: number) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (url, line, column) => {
    const file = url.split('/').pop() ?? '';
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(path.join(buildDir, 'assets', `${file}.map`), 'utf8'))));
      } catch {
        maps.set(file, null);
      }
    }
    const position = maps.get(file)?.originalPositionFor({ line: line + 1, column });
    if (!position?.source) return `${file}:${line}:${column}`;
    return `${position.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${position.line}`;
  };
}

function report(events: TraceEvent[], buildDir: string): void {
  const rendererMain = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadOf));
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'RunTask' && event.ph === 'X' && rendererMain.has(threadOf(event))) busy.set(threadOf(event), (busy.get(threadOf(event)) ?? 0) + (event.dur ?? 0));
  }
  // The page's main thread: the renderer main thread that worked most (the other tab is about:blank).
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('No renderer main thread in the trace');
  const onMain = events.filter((event) => threadOf(event) === main && event.ph === 'X');

  const profileId = events.find((event) => event.name === 'Profile' && threadOf(event) === main)?.id;
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const event of events.filter((each) => each.id === profileId && (each.name === 'Profile' || each.name === 'ProfileChunk'))) {
    const data = (event.args?.data ?? {}) as ProfileChunkData;
    if (event.name === 'Profile') clock = data.startTime ?? 0;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const where = sourceMapper(buildDir);
  const functionsIn = (from: number, to: number): string[] => {
    const time = new Map<string, number>();
    samples.forEach(({ ts, node }, index) => {
      if (ts < from || ts > to) return;
      const frame = nodes.get(node)?.callFrame;
      if (!frame) return;
      const name = frame.url ? `${frame.functionName || '(anonymous)'} ${where(frame.url, frame.lineNumber, frame.columnNumber)}` : frame.functionName;
      time.set(name, (time.get(name) ?? 0) + Math.min((samples[index + 1]?.ts ?? ts) - ts, 2000));
    });
    return [...time].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, us]) => `        self ${ms(us)} ${name}`);
  };

  let blocking = 0;
  for (const task of onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_US)) {
    const end = task.ts + (task.dur ?? 0);
    blocking += (task.dur ?? 0) - LONG_TASK_US;
    const inside = onMain
      .filter((event) => TELLING.has(event.name) && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && (event.dur ?? 0) > 3000)
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 5)
      .map((event) => {
        const data = event.args?.data ?? event.args?.beginData ?? {};
        const url = String(data.url ?? '').split('/').pop();
        return `      ${ms(event.dur ?? 0)} ${event.name}${url ? ` ${url}` : ''}`;
      });
    console.info([`task of ${ms(task.dur ?? 0)} ms`, ...inside, ...functionsIn(task.ts, end)].join('\n'));
  }
  console.info(`sum over 50 ms of the long tasks: ${(blocking / 1000).toFixed(0)} ms (at ${process.env.RATE ?? 4}x CPU slowdown)`);
}

const build = portalBuild();
const portal = await startProductionPortal(build);
try {
  report(await trace(portal.origin, process.argv[2] ?? '/list-quiz'), build);
} finally {
  await portal.close();
}
