import type { LiveClientConfig } from '../../server/live/live-channel';
import { viewerClient, type ViewerClient } from '../../server/live/live-test-support';
import { liveQuizPath } from '../../src/lib/contract/live';
import { percentile } from './support/load';
import { DEMO_ADMIN, startProductionPortal } from './support/production-portal';
import type { Benchmark } from './types';

// Live channel latency (docs/decisions.md "Live quiz state": a change reaches a second screen within a second): the real
// server (server/main.ts with its local RTDB server and demo data) in its own process; the admin steps
// the demo's started MANUAL quiz with PATCH question_no (Next / Previous), and a second Firebase client
// times when the new question_no reaches it. 100 steps, one after another; budget p95 < 300 ms.

const STEPS = 100;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const benchmark: Benchmark = {
  name: 'live channel',
  async run() {
    // No portal: only the API and the live channel are timed.
    const server = await startProductionPortal('none');
    const { origin } = server;
    let viewer: ViewerClient | null = null;
    try {
      viewer = viewerClient(await json<LiveClientConfig>(await fetch(`${origin}/api/v1/live-config/`)));
      const { key } = await json<{ key: string }>(
        await fetch(`${origin}/api/v1/accounts/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO_ADMIN),
        }),
      );
      const headers = { authorization: `Token ${key}`, 'content-type': 'application/json' };
      type Quiz = { id: number; mode: string; status: string; quiz_hash: string; question_no: number; question_count: number };
      const page = await json<{ results: Quiz[] }>(await fetch(`${origin}/api/v1/quiz/?page_size=100`, { headers }));
      const quiz = page.results.find((row) => row.mode === 'MANUAL' && row.status === 'STARTED' && row.question_count >= 2);
      if (!quiz) throw new Error('the demo data has no started MANUAL quiz with two questions');
      const path = liveQuizPath(quiz.quiz_hash);
      const live = viewer;
      await live.waitFor(path, (node) => node !== null, 10_000);

      const latencies: number[] = [];
      let questionNo = quiz.question_no;
      for (let step = 0; step < STEPS; step += 1) {
        const target = questionNo < quiz.question_count ? questionNo + 1 : questionNo - 1;
        const seen = live.waitFor<{ question_no: number }>(path, (node) => node?.question_no === target, 5000);
        const started = performance.now();
        await json(
          await fetch(`${origin}/api/v1/quiz/${quiz.id}/`, { method: 'PATCH', headers, body: JSON.stringify({ question_no: target }) }),
        );
        await seen;
        latencies.push(performance.now() - started);
        questionNo = target;
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return [
        { metric: `steps (PATCH question_no, seen by a 2nd client)`, value: STEPS, unit: 'steps' },
        { metric: 'step to viewer p50', value: round(percentile(sorted, 0.5)), unit: 'ms' },
        { metric: 'step to viewer p95', value: round(percentile(sorted, 0.95)), unit: 'ms', budget: { max: 300 } },
        { metric: 'step to viewer max', value: round(sorted[sorted.length - 1] ?? Number.NaN), unit: 'ms' },
      ];
    } finally {
      await viewer?.close();
      await server.close();
    }
  },
};
