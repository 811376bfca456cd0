import { startBenchServer, startCeilingServer } from './support/bench-server';
import { mergeLoads, runLoad, type LoadRequest, type LoadResult } from './support/load';
import { seedQuestionBank, signIn } from './support/tenant';
import type { Benchmark } from './types';

// GET /api/v1/questions/?page=N over a bank of 5,000 questions, 50 concurrent connections, as the portal
// pages it; and, in the same run with the same load, a bare Fastify route answering one real page's body
// (the ceiling, support/ceiling-process.ts). The list's share of the ceiling is the figure to keep: a busier machine slows both, so the ratio moves far less than either throughput. The two are loaded
// in turns (ROUNDS of each), so a change in what else runs on the machine falls on both sides alike. Each
// side's CPU time per request is printed too: other processes hardly move it, so it shows where a change
// went when the throughputs are noisy.

const QUESTIONS = 5000;
const PAGES = QUESTIONS / 10;
const LIST_PATH = '/api/v1/questions/';
const ROUNDS = 3;
const WARM_UP = { connections: 10, maxRequests: 300, maxMs: 5000 };
const LOAD = { connections: 50, maxRequests: 2000, maxMs: 10_000 };

/** Runs `load` and returns it with the CPU time the target spent per request meanwhile. */
async function measured(cpuMs: () => Promise<number>, load: () => Promise<LoadResult>): Promise<{ load: LoadResult; cpuMs: number }> {
  const before = await cpuMs();
  const result = await load();
  return { load: result, cpuMs: (await cpuMs()) - before };
}

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
        const lists: LoadResult[] = [];
        const bares: LoadResult[] = [];
        let listCpu = 0;
        let bareCpu = 0;
        for (let round = 0; round < ROUNDS; round += 1) {
          const list = await measured(server.cpuMs, () => runLoad({ origin: server.origin, ...LOAD, request }));
          const bare = await measured(ceiling.cpuMs, () => runLoad({ origin: ceiling.origin, ...LOAD, request }));
          lists.push(list.load);
          bares.push(bare.load);
          listCpu += list.cpuMs;
          bareCpu += bare.cpuMs;
        }
        const load = mergeLoads(lists);
        const bare = mergeLoads(bares);
        const failures = load.requests - (load.statuses[200] ?? 0);
        const listCpuPerRequest = listCpu / load.requests;
        const bareCpuPerRequest = bareCpu / bare.requests;
        return [
          { metric: `requests (50 connections, ${QUESTIONS} questions, ${ROUNDS} rounds)`, value: load.requests, unit: 'requests' },
          { metric: 'throughput', value: load.perSecond, unit: 'req/s' },
          { metric: 'latency p50', value: load.p50Ms, unit: 'ms' },
          { metric: 'latency p99', value: load.p99Ms, unit: 'ms', budget: { max: 50 } },
          { metric: 'answers other than 200', value: failures, unit: 'requests', budget: { max: 0 } },
          { metric: 'server CPU per request', value: listCpuPerRequest, unit: 'ms' },
          { metric: 'ceiling (bare Fastify, same body) throughput', value: bare.perSecond, unit: 'req/s' },
          { metric: 'ceiling CPU per request', value: bareCpuPerRequest, unit: 'ms' },
          { metric: 'list throughput / ceiling', value: (100 * load.perSecond) / bare.perSecond, unit: '%', budget: { min: 35 } },
          { metric: 'ceiling CPU / list CPU (per request)', value: (100 * bareCpuPerRequest) / listCpuPerRequest, unit: '%' },
        ];
      } finally {
        await ceiling.close();
      }
    } finally {
      await server.close();
    }
  },
};
