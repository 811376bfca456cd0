import { demoToken, portalBuild, startProductionPortal, type ProductionPortal } from '../support/production-portal';
import { lighthousePlayer, lighthouseRunAgainOnTraceFailure, type Audited } from '../lighthouse.bench';
import { pageMainThread, threadOf, type TraceEvent } from './trace-event';

// Compares builds of the portal under Lighthouse, the way the benchmark audits them (mobile, simulated throttling,
// signed in, a fresh profile per run), run after run, alternating between the builds: on a 2-core machine one run
// of /list-quiz scores anywhere from the 80s to 98 and the machine's pace drifts over minutes, so only many
// interleaved runs tell two builds apart.
//
//   npx tsx tests/bench/tools/lighthouse-runs.ts [/list-quiz]                 (the working tree, RUNS=9)
//   BUILDS=/tmp/before,/tmp/after npx tsx tests/bench/tools/lighthouse-runs.ts   (builds made with
//     `npx vite build --outDir /tmp/before`; RUNS each)
//   SIGNED_OUT=1 npx tsx tests/bench/tools/lighthouse-runs.ts /login   (no stored token: the sign-in form, as the
//     benchmark audits /login)
//   DETAIL=1 also lists each run's main-thread tasks of 10 ms or more, as Lighthouse multiplies them
//   npx tsx tests/bench/tools/lighthouse-runs.ts /play/demo-live-quiz   (the player app's lobby: a phone that joined
//     the demo quiz, its session in localStorage, as the benchmark audits it)
//
// For each run: the score and metrics, the paint Lighthouse took as largest (observed, unthrottled), and the
// simulated long tasks that count towards total blocking time (start+duration, after the first contentful
// paint). A diagnostic, not a benchmark: it prints, it checks no budget.

interface LongTask {
  startTime: number;
  duration: number;
}

const RUNS = Number(process.env.RUNS ?? 9);
const pagePath = process.argv[2] ?? '/list-quiz';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The page's main-thread tasks of 10 ms or more (what Lantern keeps), with their largest events. */
function observedTasks(events: TraceEvent[]): string[] {
  const main = pageMainThread(events);
  const onMain = events.filter((event) => threadOf(event) === main && event.ph === 'X');
  const start = events.find((event) => event.name === 'navigationStart' && threadOf(event) === main)?.ts ?? onMain[0]?.ts ?? 0;
  return onMain
    .filter((task) => task.name === 'RunTask' && (task.dur ?? 0) >= 10_000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter(
        (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end && (event.dur ?? 0) >= 1500,
      );
      const named = inside
        .filter((event) => !event.name.startsWith('V8.') && event.name !== 'v8.callFunction')
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 4)
        .map((event) => {
          const data = event.args?.data ?? {};
          const where =
            event.name === 'FunctionCall'
              ? ` ${String(data.functionName || '?')}@${String(data.url ?? '')
                  .split('/')
                  .pop()}:${String(data.lineNumber)}`
              : '';
          return `${event.name}${where} ${((event.dur ?? 0) / 1000).toFixed(0)}`;
        });
      // Lantern multiplies a task by the CPU slowdown (4), or by half of it when the task did layout.
      const factor = inside.some((event) => event.name === 'Layout') ? 2 : 4;
      const ms = (task.dur ?? 0) / 1000;
      return `    at ${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms: ${ms.toFixed(1).padStart(5)} ms x${factor} = ${(ms * factor).toFixed(0).padStart(3)}  ${named.join(' | ')}`;
    });
}

const builds = process.env.BUILDS ? process.env.BUILDS.split(',') : [portalBuild()];
const portals: ProductionPortal[] = [];
const scores = new Map<string, number[]>(builds.map((build) => [build, []]));
// Total blocking time too: the score moves in steps and saturates, the blocking time behind it does not.
const blocking = new Map<string, number[]>(builds.map((build) => [build, []]));
try {
  // As the benchmark runs it (lighthouse.bench.ts).
  for (const build of builds) portals.push(await startProductionPortal(build, { serverBelowBrowser: true }));
  // What each run puts in localStorage first: the player app's session (one join per server, as the benchmark
  // does), or the portal's token.
  const signedIn = await Promise.all(
    portals.map(async ({ origin }): Promise<Pick<Audited, 'token' | 'storage'>> =>
      process.env.SIGNED_OUT
        ? {}
        : pagePath.startsWith('/play/')
          ? { storage: await lighthousePlayer(origin) }
          : { token: await demoToken(origin) },
    ),
  );
  for (let run = 0; run < RUNS * builds.length; run += 1) {
    const build = builds[run % builds.length]!;
    const { origin } = portals[run % builds.length]!;
    const { lhr, artifacts } = await lighthouseRunAgainOnTraceFailure(
      { page: pagePath, url: `${origin}${pagePath}`, ...signedIn[run % builds.length] },
      origin,
    );
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    scores.get(build)!.push(score);
    blocking.get(build)!.push(Math.round(metric('total-blocking-time')));
    const fcp = metric('first-contentful-paint');
    const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
    const longTasks = ((lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? [])
      .filter((task) => task.startTime + task.duration > fcp)
      .sort((a, b) => a.startTime - b.startTime)
      .map((task) => `${task.startTime.toFixed(0)}+${task.duration.toFixed(0)}`);
    console.info(
      `${build} run ${Math.floor(run / builds.length) + 1}: performance ${score}, FCP ${fcp.toFixed(0)}, LCP ${metric('largest-contentful-paint').toFixed(0)}` +
        ` (observed at ${observed.observedLargestContentfulPaint ?? '?'} ms), TBT ${metric('total-blocking-time').toFixed(0)}; long tasks ${longTasks.join(' ')}`,
    );
    if (process.env.DETAIL) console.info(observedTasks(artifacts.Trace.traceEvents as unknown as TraceEvent[]).join('\n'));
  }
  for (const [build, values] of scores) {
    const times = blocking.get(build)!;
    console.info(
      `${build}: median performance ${median(values)} of ${values.length} runs (${values.join(', ')}); ` +
        `median total blocking time ${median(times)} ms (${times.join(', ')})`,
    );
  }
} finally {
  for (const portal of portals) await portal.close();
}
