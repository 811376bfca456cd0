import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumLaunchOptions } from '../../e2e/support/browser';
import { demoToken, portalBuild, startProductionPortal } from '../support/production-portal';
import { lighthouseRunAgainOnTraceFailure } from '../lighthouse.bench';
import { startBenchServer } from '../support/bench-server';
import { installedAppLaunchOptions } from '../support/installed-app-browser';
import { insertInChunks, owned, seedClient, signIn } from '../support/tenant';
import { pageMainThread, threadOf, type TraceEvent } from './trace-event';

// Where a page's total blocking time comes from: the production portal (as the Lighthouse benchmark builds
// and serves it) opened signed in at 4x CPU slowdown (Lighthouse's mobile figure) in Chromium with a trace
// and a CPU profile. Each main-thread task over 50 ms is listed with its biggest trace events (script
// evaluation, timers, style, layout...) and the functions that took most of it, mapped back to their
// sources through the build's source maps.
//
//   npx tsx tests/bench/tools/long-tasks.ts [/list-quiz]     (RATE=4 slowdown, WAIT=7000 ms after navigation)
//   SIGNED_OUT=1 npx tsx tests/bench/tools/long-tasks.ts /login     (no stored token: the sign-in form)
//   SOURCE=lighthouse LONG_MS=12.5 npx tsx tests/bench/tools/long-tasks.ts   (the trace of one Lighthouse run (TRACE_OUT keeps it),
//     unthrottled: Lighthouse multiplies each task by 4, so the tasks over 12.5 ms are the ones it counts)
//   OFFLINE=1 npx tsx tests/bench/tools/long-tasks.ts   (the offline benchmark's cold start, unthrottled: the bench
//     server with 200 categories, the portal controlled by its worker, offline, a new tab on /add-category until
//     the table's first row; prints its timeline too. DIST=folder reuses a build, RUNS=n warm-up cold starts)
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

/** PROFILE=0: no CPU profile (it slows the page down about twice; the timeline's figures are then closer to the bench's). */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
  ...(process.env.PROFILE === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']),
];

/** The offline benchmark's first row (tests/bench/offline.bench.ts): a mark when it shows, for the timeline. */
const FIRST_ROW = '[aria-label="Categories"] tbody tr:first-child';

/**
 * Marks `first-row` in the page's timeline when the Categories table's first row shows "Category 001". A string:
 * tests/bench compiles without the DOM library.
 */
const MARK_FIRST_ROW = `
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(FIRST_ROW)})?.textContent?.includes('Category 001')) return;
    performance.mark('first-row');
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

/**
 * Logs the page's IndexedDB requests (time from navigation start, kind, store and index) in `window.__idb`,
 * for the listing after the trace: which tables the start-up reads before the first row. A string, as above.
 */
const LOG_INDEXEDDB = `
  const log = (window.__idb = []);
  const wrap = (proto, names, where) => {
    for (const name of names) {
      const original = proto[name];
      if (typeof original !== 'function') continue;
      proto[name] = function (...args) {
        log.push(Math.round(performance.now()) + ' ' + name + ' ' + where(this, args));
        return original.apply(this, args);
      };
    }
  };
  wrap(IDBFactory.prototype, ['open'], (self, args) => String(args[0]));
  wrap(IDBDatabase.prototype, ['transaction'], (self, args) => JSON.stringify(args[0]) + ' ' + (args[1] || 'readonly'));
  const requests = ['get', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor', 'put', 'add', 'delete'];
  wrap(IDBObjectStore.prototype, requests, (self) => self.name);
  wrap(IDBIndex.prototype, requests, (self) => self.objectStore.name + '.' + self.name);
`;

/**
 * The offline benchmark's cold start, traced: the portal opened once online (its worker installs and takes
 * control), then offline a new tab on `pagePath` until the first row shows (RUNS cold starts before the traced one).
 */
async function offlineTrace(origin: string, pagePath: string): Promise<TraceEvent[]> {
  const { authorization } = await signIn(origin);
  const browser = await chromium.launch(installedAppLaunchOptions());
  try {
    const context = await browser.newContext({ baseURL: origin });
    await context.addInitScript((token) => localStorage.setItem('token', token), authorization.replace(/^Token /, ''));
    const warm = await context.newPage();
    await warm.goto(pagePath);
    await warm.waitForSelector(`${FIRST_ROW} >> text=Category 001`);
    // Typed by hand: tests/bench compiles without the DOM library (a string would be eval, which the CSP forbids).
    await warm.waitForFunction(
      () => (navigator as { serviceWorker?: { controller: { state: string } | null } }).serviceWorker?.controller?.state === 'activated',
    );
    await context.setOffline(true);
    await warm.close();
    await context.addInitScript(MARK_FIRST_ROW);
    for (let run = 0; run < Number(process.env.RUNS ?? 2); run += 1) {
      const page = await context.newPage();
      await page.goto(pagePath);
      await page.waitForSelector(`${FIRST_ROW} >> text=Category 001`);
      await page.close();
    }
    const page = await context.newPage();
    // IDB=1: list the IndexedDB requests of the traced start (the wrappers cost a little time of their own).
    if (process.env.IDB) await page.addInitScript(LOG_INDEXEDDB);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 1) });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const start = performance.now();
    await page.goto(pagePath);
    await page.waitForSelector(`${FIRST_ROW} >> text=Category 001`);
    console.info(`goto to first row (as the bench measures, while tracing): ${(performance.now() - start).toFixed(0)} ms`);
    await page.waitForTimeout(Number(process.env.WAIT ?? 500));
    if (process.env.IDB) {
      const firstRow = await page.evaluate(() => performance.getEntriesByName('first-row')[0]?.startTime ?? NaN);
      console.info(`IndexedDB requests (ms from navigation start; first row at ${firstRow.toFixed(0)}):`);
      console.info(((await page.evaluate('window.__idb')) as string[]).join('\n'));
    }
    const buffer = await browser.stopTracing();
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, buffer);
    return (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await browser.close();
  }
}

/**
 * A start-up's timeline on the page's main thread from navigation start: the requests (from the worker's cache
 * offline), each script's compile and evaluation, the tasks over TASK_MS (2 ms) and the page's marks.
 */
function timeline(events: TraceEvent[], main: string): void {
  const zero = navigationOf(events)?.ts ?? 0;
  const at = (ts: number) => ms(ts - zero);
  const file = (url: unknown) =>
    String(url ?? '')
      .split('/')
      .pop() || String(url ?? '');
  const lines: [number, string][] = [];
  const sent = new Map<string, { ts: number; url: string }>();
  for (const event of events) {
    const data = event.args?.data ?? {};
    if (event.name === 'ResourceSendRequest') sent.set(String(data.requestId), { ts: event.ts, url: String(data.url) });
    if (event.name === 'ResourceFinish') {
      const request = sent.get(String(data.requestId));
      if (request) lines.push([request.ts, `${at(request.ts)} request ${ms(event.ts - request.ts)} ms ${file(request.url)}`]);
    }
  }
  const taskUs = Number(process.env.TASK_MS ?? 2) * 1000;
  for (const event of events.filter((each) => threadOf(each) === main)) {
    const data = event.args?.data ?? event.args?.beginData ?? {};
    if (event.name === 'RunTask' && event.ph === 'X' && (event.dur ?? 0) >= taskUs)
      lines.push([event.ts, `${at(event.ts)} task ${ms(event.dur ?? 0)} ms`]);
    if (['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML'].includes(event.name) && (event.dur ?? 0) >= 500)
      lines.push([event.ts, `${at(event.ts)}   ${event.name} ${ms(event.dur ?? 0)} ms ${file(data.url ?? data.fileName)}`]);
    if (event.name === 'FunctionCall' && (event.dur ?? 0) >= taskUs)
      lines.push([
        event.ts,
        `${at(event.ts)}   FunctionCall ${ms(event.dur ?? 0)} ms ${String(data.functionName ?? '')} ${file(data.url)}`,
      ]);
    if (event.ph === 'R' || event.ph === 'I' || event.ph === 'n' || event.ph === 'b') {
      if (['first-row', 'firstContentfulPaint', 'domContentLoadedEventEnd', 'loadEventEnd'].includes(event.name))
        lines.push([event.ts, `${at(event.ts)} mark ${event.name}`]);
    }
  }
  for (const event of events.filter((each) => each.name === 'first-row' || each.name === 'firstContentfulPaint'))
    if (!lines.some(([ts]) => ts === event.ts)) lines.push([event.ts, `${at(event.ts)} mark ${event.name}`]);
  console.info(['timeline (ms from navigation start):', ...lines.sort((a, b) => a[0] - b[0]).map(([, line]) => line)].join('\n'));
  // The main thread's work until the first row: a figure that the machine's other load moves less than the wall time.
  const firstRow = events.find((event) => event.name === 'first-row')?.ts;
  if (firstRow) {
    const tasks = events.filter(
      (event) => threadOf(event) === main && event.name === 'RunTask' && event.ph === 'X' && event.ts >= zero && event.ts < firstRow,
    );
    const busy = tasks.reduce((sum, task) => sum + Math.min(task.dur ?? 0, firstRow - task.ts), 0);
    const scripts = events.filter(
      (event) =>
        threadOf(event) === main && ['EvaluateScript', 'v8.evaluateModule'].includes(event.name) && event.ts >= zero && event.ts < firstRow,
    );
    const evaluation = scripts.reduce((sum, event) => sum + (event.dur ?? 0), 0);
    console.info(
      `navigation start to first row: ${ms(firstRow - zero)} ms; main thread busy ${ms(busy)} ms in ${tasks.length} tasks, of which script evaluation ${ms(evaluation)} ms`,
    );
  }
}

const isHttp = (url: unknown) => String(url ?? '').startsWith('http');

/**
 * The traced page's navigation start (Chromium's own pages, the new tab's search box, navigate too), and its
 * main thread. With the CPU profiler on, Chromium may leave the navigation's event out: then the thread is the
 * one that parsed the page's HTML, and the clock starts at the document's request (or its parsing).
 */
function navigationOf(events: TraceEvent[]): { ts: number; thread: string } | undefined {
  const navigation = events.find((event) => event.name === 'navigationStart' && isHttp(event.args?.data?.documentLoaderURL));
  if (navigation) return { ts: navigation.ts, thread: threadOf(navigation) };
  const parse = events.find((event) => event.name === 'ParseHTML' && isHttp(event.args?.beginData?.url));
  const request = events.find((event) => event.name === 'ResourceSendRequest' && event.args?.data?.url === parse?.args?.beginData?.url);
  return parse ? { ts: request?.ts ?? parse.ts, thread: threadOf(parse) } : undefined;
}

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
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
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

function report(
  events: TraceEvent[],
  buildDir: string,
  main = pageMainThread(events),
  /** SUMMARY's span (offline: navigation start to the first row), the whole trace by default. */
  span: [number, number] = [0, Number.MAX_SAFE_INTEGER],
): void {
  const onMain = events.filter((event) => threadOf(event) === main && event.ph === 'X');

  const profileId = events.find((event) => event.name === 'Profile' && threadOf(event) === main)?.id;
  // Each renderer process numbers its profiles from 1: the main thread's chunks are its process's.
  const mainPid = Number(main.split(':')[0]);
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const event of events.filter(
    (each) => each.id === profileId && each.pid === mainPid && (each.name === 'Profile' || each.name === 'ProfileChunk'),
  )) {
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
    console.info(['whole load, by function:', ...largest(selfTimes(...span), 40, 'self')].join('\n'));
    console.info(['whole load, by file:', ...largest(selfTimes(...span, fileOf), 40, '')].join('\n'));
    if (process.env.INCLUSIVE) console.info(['whole load, inclusive:', ...largest(totalTimes(...span), 60, 'total')].join('\n'));
  }
  console.info(
    `sum over ${LONG_TASK_US / 1000} ms of the long tasks: ${(blocking / 1000).toFixed(0)} ms (at ${process.env.RATE ?? 4}x CPU slowdown)`,
  );
}

/** The trace of one Lighthouse run (no CPU profile in it: its tasks list trace events only). */
async function lighthouseTrace(origin: string, pagePath: string): Promise<TraceEvent[]> {
  const token = process.env.SIGNED_OUT ? undefined : await demoToken(origin);
  const { artifacts } = await lighthouseRunAgainOnTraceFailure({ page: pagePath, url: `${origin}${pagePath}`, token }, origin);
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(artifacts.Trace));
  return artifacts.Trace.traceEvents as unknown as TraceEvent[];
}

const build = process.env.DIST ?? portalBuild();
if (process.env.OFFLINE) {
  // The offline benchmark's server and data: its client with 200 categories.
  const server = await startBenchServer({
    seed: async (db) => {
      const clientId = await seedClient(db);
      await insertInChunks(
        db,
        'categories',
        Array.from({ length: 200 }, (_, i) => ({ name: `Category ${String(i + 1).padStart(3, '0')}`, ...owned(clientId) })),
      );
    },
    env: { STATIC_DIR: build },
  });
  try {
    const events = await offlineTrace(server.origin, process.argv[2] ?? '/add-category');
    // Offline the busiest renderer can be Chromium's own (the new tab's search box): the page's is the one that navigated.
    const navigation = navigationOf(events);
    const main = navigation?.thread ?? pageMainThread(events);
    timeline(events, main);
    const firstRow = events.find((event) => event.name === 'first-row')?.ts;
    report(events, build, main, navigation && firstRow ? [navigation.ts, firstRow] : undefined);
  } finally {
    await server.close();
  }
} else {
  // As the Lighthouse benchmark runs it: below the browser's CPU priority.
  const portal = await startProductionPortal(build, { serverBelowBrowser: true });
  try {
    const pagePath = process.argv[2] ?? '/list-quiz';
    report(await (process.env.SOURCE === 'lighthouse' ? lighthouseTrace : trace)(portal.origin, pagePath), build);
  } finally {
    await portal.close();
  }
}
