import { BENCH_ADMIN, seedClient } from './support/tenant';
import { startBenchServer } from './support/bench-server';
import { runLoad } from './support/load';
import type { Benchmark } from './types';

// POST /api/v1/accounts/login/ with correct credentials, 20 concurrent connections. scrypt is slow on
// purpose, so there is no budget on speed. Only failed logins count towards the rate limit; the limit is
// raised anyway so that this measures logins, and 429 answers are reported (they must be none).

export const benchmark: Benchmark = {
  name: 'login',
  async run() {
    const server = await startBenchServer({ env: { LOGIN_RATE_LIMIT: '100000' }, seed: async (db) => void (await seedClient(db)) });
    try {
      const body = JSON.stringify(BENCH_ADMIN);
      const load = await runLoad({
        origin: server.origin,
        connections: 20,
        maxRequests: 400,
        maxMs: 20_000,
        request: () => ({
          method: 'POST' as const,
          path: '/api/v1/accounts/login/',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      });
      return [
        { metric: 'requests (20 connections)', value: load.requests, unit: 'requests' },
        { metric: 'throughput', value: load.perSecond, unit: 'req/s' },
        { metric: 'latency p50', value: load.p50Ms, unit: 'ms' },
        { metric: 'latency p99', value: load.p99Ms, unit: 'ms' },
        { metric: 'answers 429 (rate limited)', value: load.statuses[429] ?? 0, unit: 'requests', budget: { max: 0 } },
        { metric: 'answers other than 200', value: load.requests - (load.statuses[200] ?? 0), unit: 'requests', budget: { max: 0 } },
      ];
    } finally {
      await server.close();
    }
  },
};
