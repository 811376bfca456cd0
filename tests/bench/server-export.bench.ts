import http from 'node:http';
import { startBenchServer } from './support/bench-server';
import { insertInChunks, owned, seedClient, signIn } from './support/tenant';
import type { Benchmark } from './types';

// GET /api/v1/export-quiz-participants/ for one quiz of 100,000 attempts: total download time, and the
// peak memory growth of the server process while it streams (the export must stay flat). Budgets (docs/decisions.md
// "Performance budgets"): at most 2 s and 50 MB.

const ATTEMPTS = 100_000;
const VIEWERS = 1000;
const MB = 1024 * 1024;

/** Downloads the CSV, counting its lines without keeping it. */
function download(url: string, headers: Record<string, string>): Promise<{ status: number; lines: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let lines = 0;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, lines, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export const benchmark: Benchmark = {
  name: 'participants export',
  async run() {
    const server = await startBenchServer({
      seed: async (db) => {
        const clientId = await seedClient(db);
        const quiz = await db
          .insertInto('quizzes')
          .values({
            name: 'Bench quiz',
            mode: 'MANUAL',
            status: 'COMPLETED',
            join_code: '1',
            quiz_hash: 'bench-quiz',
            start_date_time: '2026-01-01T10:00:00.000Z',
            end_date_time: '2026-01-01T11:00:00.000Z',
            ...owned(clientId),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertInChunks(
          db,
          'viewers',
          Array.from({ length: VIEWERS }, (_, i) => ({
            username: `viewer${i}`,
            first_name: 'Viewer',
            last_name: `${i}`,
            email: `viewer${i}@example.test`,
            mobile: '0700',
            ...owned(clientId),
          })),
        );
        const viewers = await db.selectFrom('viewers').select('id').execute();
        await insertInChunks(
          db,
          'attempts',
          Array.from({ length: ATTEMPTS }, (_, i) => ({
            viewer_id: viewers[i % viewers.length]?.id,
            quiz_id: quiz.id,
            score: (i * 7919) % 1000,
            time_taken: (i * 31) % 600,
            rank: null,
            status: 'COMPLETED',
            start_date_time: '2026-01-01T10:00:00.000Z',
            ...owned(clientId),
          })),
        );
      },
    });
    try {
      const headers = await signIn(server.origin);
      const cpuBefore = await server.cpuMs();
      const started = performance.now();
      const { result, rssGrowth, heapGrowth } = await server.measureMemory(() =>
        download(`${server.origin}/api/v1/export-quiz-participants/`, headers),
      );
      const seconds = (performance.now() - started) / 1000;
      // What the server itself spent: the total time also holds waiting for a core on a busy machine.
      const cpuSeconds = ((await server.cpuMs()) - cpuBefore) / 1000;
      if (result.status !== 200) throw new Error(`export answered ${result.status}`);
      return [
        { metric: 'rows exported', value: result.lines - 1, unit: 'rows', budget: { min: ATTEMPTS } },
        { metric: 'CSV size', value: result.bytes / MB, unit: 'MB' },
        { metric: 'total time', value: seconds, unit: 's', budget: { max: 2 } },
        { metric: 'server CPU time', value: cpuSeconds, unit: 's' },
        { metric: 'server peak RSS growth', value: rssGrowth / MB, unit: 'MB', budget: { max: 50 } },
        { metric: 'server peak heap growth', value: heapGrowth / MB, unit: 'MB' },
      ];
    } finally {
      await server.close();
    }
  },
};
