import { startBenchServer, startCeilingServer } from './support/bench-server';
import { runLoad, type LoadRequest } from './support/load';
import { seedQuestionBank, signIn } from './support/tenant';
import type { Benchmark } from './types';

// GET /api/v1/questions/?page=N over a bank of 5,000 questions, 50 concurrent connections, as the portal
// pages it; then, in the same run and with the same load, a bare Fastify route answering one real page's
// body (the ceiling, support/ceiling-process.ts). The list's share of the ceiling is the figure to keep
// (issue 20 §2): a slower machine slows both, so the ratio moves far less than either throughput.

const QUESTIONS = 5000;
const PAGES = QUESTIONS / 10;
const LIST_PATH = '/api/v1/questions/';
const WARM_UP = { connections: 10, maxRequests: 300, maxMs: 5000 };
const LOAD = { connections: 50, maxRequests: 5000, maxMs: 20_000 };

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
      const request = (index: number): LoadRequest => ({
        method: 'GET',
        path: `${LIST_PATH}?page=${((index * 37) % PAGES) + 1}`,
        headers,
      });
      const sample = await fetch(`${server.origin}${LIST_PATH}?page=2`, { headers });
      if (!sample.ok) throw new Error(`questions list answered ${sample.status}`);
      const ceiling = await startCeilingServer(LIST_PATH, await sample.json());
      try {
        await runLoad({ origin: server.origin, ...WARM_UP, request });
        await runLoad({ origin: ceiling.origin, ...WARM_UP, request });
        const load = await runLoad({ origin: server.origin, ...LOAD, request });
        const bare = await runLoad({ origin: ceiling.origin, ...LOAD, request });
        const failures = load.requests - (load.statuses[200] ?? 0);
        return [
          { metric: `requests (50 connections, ${QUESTIONS} questions)`, value: load.requests, unit: 'requests' },
          { metric: 'throughput', value: load.perSecond, unit: 'req/s' },
          { metric: 'latency p50', value: load.p50Ms, unit: 'ms' },
          { metric: 'latency p99', value: load.p99Ms, unit: 'ms', budget: { max: 50 } },
          { metric: 'answers other than 200', value: failures, unit: 'requests', budget: { max: 0 } },
          { metric: 'ceiling: bare Fastify, same body', value: bare.perSecond, unit: 'req/s' },
          { metric: 'ceiling latency p50', value: bare.p50Ms, unit: 'ms' },
          { metric: 'list throughput / ceiling', value: (100 * load.perSecond) / bare.perSecond, unit: '%', budget: { min: 35 } },
        ];
      } finally {
        await ceiling.close();
      }
    } finally {
      await server.close();
    }
  },
};
