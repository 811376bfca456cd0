import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveClientConfig } from '../../server/live/live-channel';
import { viewerClient, type ViewerClient } from '../../server/live/live-test-support';
import { liveQuizPath } from '../../src/lib/contract/live';
import type { Benchmark } from './types';

// Live channel latency (decisions §4: "live updates reach a second screen within a second"): the real
// server (server/main.ts with its local RTDB server and demo data) in its own process; the admin steps
// the demo's started MANUAL quiz with PATCH question_no (Next / Previous), and a second Firebase client
// times when the new question_no reaches it. 100 steps, one after another; budget p95 < 300 ms.

const STEPS = 100;
const DEMO = { email: 'admin@demo.quiz', password: 'demo-pass-2026' };

function startServer(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      FIREBASE_EMULATOR_PORT: '0',
      MIGRATE_ON_BOOT: '1',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not listening after 60 s:\n${output}`));
    }, 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ origin: `http://127.0.0.1:${port}`, child });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const benchmark: Benchmark = {
  name: 'live channel',
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-live-bench-'));
    const { origin, child } = await startServer(dataDir);
    let viewer: ViewerClient | null = null;
    try {
      viewer = viewerClient(await json<LiveClientConfig>(await fetch(`${origin}/api/v1/live-config/`)));
      const { key } = await json<{ key: string }>(
        await fetch(`${origin}/api/v1/accounts/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO),
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
        { metric: 'step to viewer p50', value: round(percentile(sorted, 50)), unit: 'ms' },
        { metric: 'step to viewer p95', value: round(percentile(sorted, 95)), unit: 'ms', budget: { max: 300 } },
        { metric: 'step to viewer max', value: round(sorted[sorted.length - 1] ?? Number.NaN), unit: 'ms' },
      ];
    } finally {
      await viewer?.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
