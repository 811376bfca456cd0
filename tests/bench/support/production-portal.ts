import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';

// The production portal as `npm start` serves it, for the benchmarks that run it whole: a build of its
// own (other runs may rebuild dist/ meanwhile), made once per `npm run bench` and shared, then the real
// server (server/main.ts: demo data, local live channel, security headers) on 127.0.0.1 with a fresh
// data folder.

export const DEMO_ADMIN = { email: 'admin@demo.quiz', password: 'demo-pass-2026' };

let build: string | null = null;

/**
 * The production build's folder, built on first use and removed when the process exits. BENCH_DIST=<folder> uses
 * a build made beforehand instead (`npx vite build --outDir <folder>`), rather than building again.
 */
export function portalBuild(): string {
  if (process.env.BENCH_DIST) return process.env.BENCH_DIST;
  if (build) return build;
  const dir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-bench-dist-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  build = dir;
  return dir;
}

export interface ProductionPortal {
  origin: string;
  close(): Promise<void>;
}

export interface PortalOptions {
  /**
   * Runs the server below normal CPU priority (nice 10). For the benchmarks that time a page in Chromium on this
   * same machine (Lighthouse): a phone does not share its CPU with the server it loads from, but on these 2 cores
   * the server's answers to the page's own requests took CPU from the page's main thread while it loaded, and
   * Lighthouse counts that thread's tasks four times. Lighthouse's guide on variability names the server under
   * test on the same machine as a source of error.
   */
  serverBelowBrowser?: boolean;
}

/** Starts server/main.ts on a free port, serving `staticDir`; resolves once it listens. */
export function startProductionPortal(staticDir: string, { serverBelowBrowser = false }: PortalOptions = {}): Promise<ProductionPortal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-bench-data-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      FIREBASE_EMULATOR_PORT: '0',
      MIGRATE_ON_BOOT: '1',
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (serverBelowBrowser && child.pid !== undefined) setPriority(child.pid, 10);
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      void close().finally(() => reject(error));
    };
    const onExit = (code: number | null) => fail(new Error(`server exited (${code}) before listening:\n${output}`));
    const timer = setTimeout(() => fail(new Error(`server not listening after 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (!port || !/Demo login/.test(output)) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ origin: `http://127.0.0.1:${port}`, close });
    });
    child.once('exit', onExit);
  });
}

/** A token for the demo admin, as the login screen would get it. */
export async function demoToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}
