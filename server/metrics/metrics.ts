import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The server's Prometheus metrics, one set per process (a server process runs one app). Exposed at /metrics
// (metrics-route.ts). Routes are labelled by their pattern (/api/v1/questions/:id/), never by the raw URL,
// so ids and query strings cannot grow the number of series.

export const metricsRegistry = new Registry();

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the arrival of a request to the end of its answer, by method, route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const idempotentWrites = new Counter({
  name: 'quiz_idempotent_writes_total',
  help: "Writes carrying an Idempotency-Key (the portal's outbox): replayed from the stored answer, or run fresh",
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

const liveWrites = new Counter({
  name: 'quiz_live_writes_total',
  help: 'Writes of live nodes to the realtime database, by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

const answersAcknowledged = new Counter({
  name: 'quiz_answers_acknowledged_total',
  help: "Participants' answers the server acknowledged",
  registers: [metricsRegistry],
});

/** What a database connection pool holds now; SQLite has one connection and no pool. */
export interface PoolUse {
  dialect: 'sqlite' | 'postgres';
  total: number;
  /** PostgreSQL: connections open and unused. */
  idle?: number;
  /** PostgreSQL: queries waiting for a connection. */
  waiting?: number;
}

let poolUse: (() => PoolUse) | null = null;

function poolGauge(name: string, help: string, read: (use: PoolUse) => number | undefined): void {
  new Gauge({
    name,
    help,
    labelNames: ['dialect'] as const,
    registers: [metricsRegistry],
    collect() {
      const use = poolUse?.();
      const value = use ? read(use) : undefined;
      if (use && value !== undefined) this.set({ dialect: use.dialect }, value);
    },
  });
}

poolGauge('quiz_db_pool_connections', 'Database connections open (SQLite: its one connection)', (use) => use.total);
poolGauge('quiz_db_pool_idle_connections', 'PostgreSQL connections open and unused', (use) => use.idle);
poolGauge('quiz_db_pool_waiting_queries', 'PostgreSQL queries waiting for a free connection', (use) => use.waiting);

/** Reports this database's pool in the metrics (the one database of the process). */
export function watchDatabasePool(read: () => PoolUse): void {
  poolUse = read;
}

export function observeRequest(labels: { method: string; route: string; status_code: number }, seconds: number): void {
  requestDuration.observe(labels, seconds);
}

export function countIdempotentWrite(outcome: 'replayed' | 'fresh'): void {
  idempotentWrites.inc({ outcome });
}

export function countLiveWrite(outcome: 'ok' | 'failed'): void {
  liveWrites.inc({ outcome });
}

/** Counts participants' answers the server acknowledged (the answer endpoint calls it once per answer stored). */
export function countAnswersAcknowledged(count = 1): void {
  answersAcknowledged.inc(count);
}

let processMetrics = false;

/** Node's own metrics too (CPU, memory, event loop lag, handles): once per process, by the server's main. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
