import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connect';
import { findTopologyTools, startTopology } from '../deploy/support/topology';
import { runLoad, type LoadResult } from './support/load';
import { seedQuestionBank, signIn } from './support/tenant';
import type { Benchmark, BenchRow } from './types';

// The questions list (GET /api/v1/questions/?page=N over 5,000 questions, 50 connections) in the production
// topology of compose.yaml without containers (tests/deploy/support/topology.ts: PostgreSQL, two compiled
// instances, nginx): through the proxy to both instances, beside one instance reached directly, in one run.
// On one small machine the proxy and the second instance share the same cores as the first, so the figure
// shows the proxy's cost more than the gain of a second machine.

const QUESTIONS = 5000;
const PAGES = QUESTIONS / 10;

function rows(label: string, load: LoadResult): BenchRow[] {
  return [
    { metric: `${label}: throughput`, value: load.perSecond, unit: 'req/s' },
    { metric: `${label}: latency p50`, value: load.p50Ms, unit: 'ms' },
    { metric: `${label}: latency p99`, value: load.p99Ms, unit: 'ms' },
    { metric: `${label}: answers other than 200`, value: load.requests - (load.statuses[200] ?? 0), unit: 'requests', budget: { max: 0 } },
  ];
}

export const benchmark: Benchmark = {
  name: 'questions list behind the proxy',
  async run() {
    const tools = findTopologyTools();
    if ('missing' in tools) {
      console.error(
        `questions list behind the proxy skipped: it needs ${tools.missing.join(' and ')} (apt-get install -y nginx postgresql)`,
      );
      return [];
    }
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the server did not compile');
    const topology = await startTopology({
      portal: false,
      seed: async (databaseUrl) => {
        const database = openDatabase({ databaseUrl, sqlitePath: ':memory:' });
        try {
          await seedQuestionBank(database.db, QUESTIONS);
          // Planner statistics now, as autovacuum would give a database that was not just filled in bulk.
          await sql`analyze`.execute(database.db);
        } finally {
          await database.close();
        }
      },
    });
    try {
      const headers = await signIn(topology.proxyOrigin);
      const request = (index: number) => ({
        method: 'GET' as const,
        path: `/api/v1/questions/?page=${((index * 37) % PAGES) + 1}`,
        headers,
      });
      const direct = topology.instances[0] ?? '';
      const load = (origin: string) => runLoad({ origin, connections: 50, maxRequests: 5000, maxMs: 20_000, request });
      // Warm both instances (through the proxy, which alternates) and the direct one.
      await runLoad({ origin: topology.proxyOrigin, connections: 10, maxRequests: 400, maxMs: 5000, request });
      const one = await load(direct);
      const two = await load(topology.proxyOrigin);
      return [...rows('one instance, direct', one), ...rows('two instances behind nginx', two)];
    } finally {
      await topology.close();
    }
  },
};
