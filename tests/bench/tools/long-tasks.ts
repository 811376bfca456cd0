import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumLaunchOptions } from '../../e2e/support/browser';
import { demoToken, portalBuild, startProductionPortal } from '../support/production-portal';
import { lighthouseRun } from '../lighthouse.bench';
import { pageMainThread, threadOf, type TraceEvent } from './trace-event';

// Where a page's total blocking time comes from: the production portal (as the Lighthouse benchmark builds
// and serves it) opened signed in at 4x CPU slowdown (Lighthouse's mobile figure) in Chromium with a trace
// and a CPU profile. Each main-thread task over 50 ms is listed with its biggest trace events (script
// evaluation, timers, style, layout...) and the functions that took most of it, mapped back to their
// sources through the build's source maps.
//
//   npx tsx tests/bench/tools/long-tasks.ts [/list-quiz]     (RATE=4 slowdown, WAIT=7000 ms after navigation)
//   SIGNED_OUT=1 npx tsx tests/bench/tools/long-tasks.ts /login     (no stored token: the sign-in form)
//   SOURCE=lighthouse LONG_MS=12.5 npx tsx tests/bench/tools/long-tasks.ts   (the trace of one Lighthouse run,
//     unthrottled: Lighthouse multiplies each task by 4, so the tasks over 12.5 ms are the ones it counts)
//
// A diagnostic, not a benchmark: it prints, it checks no budget.

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

interface ProfileChunkData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** Over this a task counts as long: 50 ms, or LONG_MS (12.5 at RATE=1 shows what Lighthouse multiplies by 4). */
const LONG_TASK_US = Number(process.env.LONG_MS ?? 50) * 1000;
/** The trace events worth naming inside a long task. */
const TELLING = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.evaluateModule',
  'v8.compileModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
]);

/** ALL_EVENTS=1: name any trace event inside a long task, not only the telling ones. */
const ALL_EVENTS = Boolean(process.env.ALL_EVENTS);

const ms = (us: number) => (us / 1000).toFixed(0).padStart(4);

async function trace(origin: string, pagePath: string): Promise<TraceEvent[]> {
  // SIGNED_OUT=1 (either source): no stored token, for the sign-in screen (/login with one redirects to the dashboard).
  const token = process.env.SIGNED_OUT ? null : await demoToken(origin);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    // A string: tests/bench compiles without the DOM library.
    if (token) await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(`${origin}${pagePath}`);
    await page.waitForTimeout(Number(process.env.WAIT ?? 7000));
    const buffer = await browser.stopTracing();
    // TRACE_OUT=file.json keeps the trace, for DevTools' Performance panel.
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, buffer);
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
  const main = pageMainThread(events);
  const onMain = events.filter((event) => threadOf(event) === main && event.ph === 'X');

  const profileId = events.find((event) => event.name === 'Profile' && threadOf(event) === main)?.id;
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const event of events.filter((each) => each.id === profileId && (each.name === 'Profile' || each.name === 'ProfileChunk'))) {
    const data = (event.args?.data ?? {}) as ProfileChunkData;
    if (event.name === 'Profile') clock = data.startTime ?? 0;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    for (const node of data.cpuProfile?.nodes ?? []) {
      for (const child of (node as ProfileNode & { children?: number[] }).children ?? []) {
        const known = nodes.get(child);
        if (known) known.parent = node.id;
      }
    }
    (data.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts: clock, node });
    });
  }
  const where = sourceMapper(buildDir);
  /** A frame as the lists name it: function and source position, or the native activity ("(program)"). */
  const frameName = (frame: ProfileNode['callFrame']) =>
    frame.url ? `${frame.functionName || '(anonymous)'} ${where(frame.url, frame.lineNumber, frame.columnNumber)}` : frame.functionName;
  /** The samples taken between `from` and `to`, each with the time it stands for (capped: a gap is idle). */
  const samplesIn = (from: number, to: number) =>
    samples.flatMap(({ ts, node }, index) =>
      ts < from || ts > to ? [] : [{ node, us: Math.min((samples[index + 1]?.ts ?? ts) - ts, 2000) }],
    );
  const add = (time: Map<string, number>, name: string, us: number) => time.set(name, (time.get(name) ?? 0) + us);
  /** Time spent in each function itself (or in whatever `nameOf` names: a file). */
  const selfTimes = (from: number, to: number, nameOf = frameName): Map<string, number> => {
    const time = new Map<string, number>();
    for (const { node, us } of samplesIn(from, to)) {
      const frame = nodes.get(node)?.callFrame;
      if (frame) add(time, nameOf(frame), us);
    }
    return time;
  };
  /** Time spent under each script function (counted once per sample, however deep it recurses). */
  const totalTimes = (from: number, to: number): Map<string, number> => {
    const time = new Map<string, number>();
    for (const { node, us } of samplesIn(from, to)) {
      const seen = new Set<string>();
      for (let at = nodes.get(node); at; at = at.parent === undefined ? undefined : nodes.get(at.parent)) {
        const name = at.callFrame.url ? frameName(at.callFrame) : null;
        if (name && !seen.has(name)) {
          seen.add(name);
          add(time, name, us);
        }
      }
    }
    return time;
  };
  const largest = (time: Map<string, number>, count: number, label: string) =>
    [...time]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `        ${label} ${ms(us)} ${name}`);
  const functionsIn = (from: number, to: number, top = 6): string[] => [
    ...largest(selfTimes(from, to), top, 'self'),
    // INCLUSIVE=1: also the functions with the most time under them.
    ...(process.env.INCLUSIVE ? largest(totalTimes(from, to), 25, 'total') : []),
  ];

  const start = onMain.find((event) => event.name === 'RunTask')?.ts ?? 0;
  let blocking = 0;
  for (const task of onMain.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > LONG_TASK_US)) {
    const end = task.ts + (task.dur ?? 0);
    blocking += (task.dur ?? 0) - LONG_TASK_US;
    const inside = onMain
      .filter(
        (event) =>
          (ALL_EVENTS || TELLING.has(event.name)) &&
          event !== task &&
          event.ts >= task.ts &&
          event.ts + (event.dur ?? 0) <= end &&
          (event.dur ?? 0) > LONG_TASK_US / 16,
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, ALL_EVENTS ? 12 : 5)
      .map((event) => {
        const data = event.args?.data ?? event.args?.beginData ?? {};
        const url = String(data.url ?? '')
          .split('/')
          .pop();
        // A call's own function, mapped to its source (the only attribution in a trace without a CPU profile).
        const line = Number(data.lineNumber ?? 0);
        const called =
          url && line
            ? ` ${String(data.functionName || '(anonymous)')} ${where(String(data.url), line - 1, Number(data.columnNumber ?? 1) - 1)}`
            : url
              ? ` ${url}`
              : '';
        return `      ${ms(event.dur ?? 0)} ${event.name}${called}`;
      });
    console.info([`task of ${ms(task.dur ?? 0)} ms at ${ms(task.ts - start)} ms`, ...inside, ...functionsIn(task.ts, end)].join('\n'));
  }
  if (process.env.SUMMARY) {
    // The whole load, bottom up: where the main thread's script time went, by function and by source file.
    const fileOf = (frame: ProfileNode['callFrame']) =>
      frame.url ? where(frame.url, frame.lineNumber, frame.columnNumber).replace(/(:\d+)+$/, '') : '(native)';
    console.info(['whole load, by function:', ...largest(selfTimes(0, Number.MAX_SAFE_INTEGER), 40, 'self')].join('\n'));
    console.info(['whole load, by file:', ...largest(selfTimes(0, Number.MAX_SAFE_INTEGER, fileOf), 40, '')].join('\n'));
  }
  console.info(
    `sum over ${LONG_TASK_US / 1000} ms of the long tasks: ${(blocking / 1000).toFixed(0)} ms (at ${process.env.RATE ?? 4}x CPU slowdown)`,
  );
}

/** The trace of one Lighthouse run (no CPU profile in it: its tasks list trace events only). */
async function lighthouseTrace(origin: string, pagePath: string): Promise<TraceEvent[]> {
  const token = process.env.SIGNED_OUT ? undefined : await demoToken(origin);
  const { artifacts } = await lighthouseRun({ page: pagePath, url: `${origin}${pagePath}`, token }, origin);
  return artifacts.Trace.traceEvents as unknown as TraceEvent[];
}

const build = portalBuild();
const portal = await startProductionPortal(build);
try {
  const pagePath = process.argv[2] ?? '/list-quiz';
  report(await (process.env.SOURCE === 'lighthouse' ? lighthouseTrace : trace)(portal.origin, pagePath), build);
} finally {
  await portal.close();
}
