import { startBenchServer } from './support/bench-server';
import { runLoad } from './support/load';
import { seedQuestionBank, signIn } from './support/tenant';
import type { Benchmark } from './types';

// GET /api/v1/questions/?page=N over a bank of 5,000 questions, 50 concurrent connections.

const QUESTIONS = 5000;
const PAGES = QUESTIONS / 10;

export const benchmark: Benchmark = {
  name: 'questions list',
  async run() {
    const server = await startBenchServer({
      seed: async (db) => {
        await seedQuestionBank(db, QUESTIONS);
      },
    });
    try {
      const headers = await signIn(server.origin);
      const request = (index: number) => ({
        method: 'GET' as const,
        path: `/api/v1/questions/?page=${((index * 37) % PAGES) + 1}`,
        headers,
      });
      await runLoad({ origin: server.origin, connections: 10, maxRequests: 300, maxMs: 5000, request });
      const load = await runLoad({ origin: server.origin, connections: 50, maxRequests: 5000, maxMs: 20_000, request });
      const failures = load.requests - (load.statuses[200] ?? 0);
      return [
        { metric: `requests (50 connections, ${QUESTIONS} questions)`, value: load.requests, unit: 'requests' },
        { metric: 'throughput', value: load.perSecond, unit: 'req/s' },
        { metric: 'latency p50', value: load.p50Ms, unit: 'ms' },
        { metric: 'latency p99', value: load.p99Ms, unit: 'ms', budget: { max: 50 } },
        { metric: 'answers other than 200', value: failures, unit: 'requests', budget: { max: 0 } },
      ];
    } finally {
      await server.close();
    }
  },
};
