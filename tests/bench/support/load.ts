import { Pool } from 'undici';

// A small bounded load generator: `connections` keep-alive connections (an undici Pool; Node's http
// client cost as much CPU as the server it measured) each send one request after another until
// `maxRequests` were sent or `maxMs` passed. Latency is per request, from send to the end of the body.

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** How many answers had each status code. */
  statuses: Record<number, number>;
  /** Every request's latency, sorted (to merge several runs' percentiles). */
  latenciesMs: number[];
  /** How long the run took. */
  elapsedMs: number;
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

/** The figures of a run from its latencies (sorted, ascending), its answers per status and its duration. */
function loadResult(latencies: number[], statuses: Record<number, number>, elapsed: number): LoadResult {
  return {
    requests: latencies.length,
    perSecond: (latencies.length * 1000) / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    statuses,
    latenciesMs: latencies,
    elapsedMs: elapsed,
  };
}

/** Several runs as one: all their requests over all their time (runs taken in turns with another target's). */
export function mergeLoads(runs: readonly LoadResult[]): LoadResult {
  const latencies = runs.flatMap((run) => run.latenciesMs).sort((x, y) => x - y);
  const elapsed = runs.reduce((sum, run) => sum + run.elapsedMs, 0);
  const statuses: Record<number, number> = {};
  for (const run of runs)
    for (const [code, how] of Object.entries(run.statuses)) statuses[Number(code)] = (statuses[Number(code)] ?? 0) + how;
  return loadResult(latencies, statuses, elapsed);
}

export async function runLoad(options: {
  origin: string;
  connections: number;
  maxRequests: number;
  maxMs: number;
  request: (index: number) => LoadRequest;
}): Promise<LoadResult> {
  const pool = new Pool(options.origin, { connections: options.connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let sent = 0;
  const start = performance.now();
  const deadline = start + options.maxMs;
  async function worker() {
    while (sent < options.maxRequests && performance.now() < deadline) {
      const request = options.request(sent);
      sent += 1;
      const begun = performance.now();
      const response = await pool.request({ method: request.method, path: request.path, headers: request.headers, body: request.body });
      await response.body.dump();
      latencies.push(performance.now() - begun);
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    }
  }
  try {
    await Promise.all(Array.from({ length: options.connections }, worker));
  } finally {
    await pool.close();
  }
  const elapsed = performance.now() - start;
  return loadResult(
    latencies.sort((x, y) => x - y),
    statuses,
    elapsed,
  );
}
