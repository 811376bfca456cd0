import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../../server/config';
import { openConfiguredDatabase } from '../../../server/db/open';
import type { Database } from '../../../server/db/schema';

// A real API server for a benchmark: a fresh DATA_DIR (SQLite) seeded in this process, then the server
// started in a child process (server-process.ts) on 127.0.0.1. close() stops it and removes the folder.

export interface BenchServer {
  origin: string;
  /** Measures the server's peak memory growth while `during` runs. */
  measureMemory<T>(during: () => Promise<T>): Promise<{ result: T; rssGrowth: number; heapGrowth: number }>;
  /** The server process's CPU time so far, in ms (user + system): a figure other processes on the machine hardly move. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

type Message =
  | { type: 'listening'; port: number }
  | { type: 'cpu'; user: number; system: number }
  | { type: 'memory-started' }
  | { type: 'memory'; rssGrowth: number; heapGrowth: number };

function nextMessage<T extends Message['type']>(child: ChildProcess, type: T): Promise<Extract<Message, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<Message, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) before "${type}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function cpuMsOf(child: ChildProcess): Promise<number> {
  const report = nextMessage(child, 'cpu');
  child.send({ type: 'cpu' });
  const { user, system } = await report;
  return (user + system) / 1000;
}

/** The Node flags of a bench server's process (and of the ceiling's, so the two compare like for like). */
const SERVER_FLAGS = ['--max-semi-space-size=32', '--import', 'tsx', '--expose-gc'];

export interface CeilingServer {
  origin: string;
  /** The process's CPU time so far, in ms (as BenchServer's). */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/** Asks a server process to stop (it closes when its IPC channel goes), and kills it after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * A bare Fastify route (ceiling-process.ts) on 127.0.0.1 in its own process started as the bench server's
 * is, answering GET `routePath` with `body` every time: the most a route serving those bytes can do here.
 */
export async function startCeilingServer(routePath: string, body: unknown): Promise<CeilingServer> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ceiling-process.ts');
  const child = fork(script, { execArgv: SERVER_FLAGS, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const listening = nextMessage(child, 'listening');
  child.send({ type: 'start', path: routePath, body });
  const { port } = await listening;
  return {
    origin: `http://127.0.0.1:${port}`,
    cpuMs: () => cpuMsOf(child),
    close: () => stopChild(child),
  };
}

export async function startBenchServer(options: {
  env?: Record<string, string>;
  seed: (db: Kysely<Database>) => Promise<void>;
}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-bench-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: path.join(dataDir, 'no-portal'), LOG_LEVEL: 'error', ...options.env };
  const database = await openConfiguredDatabase(loadConfig(env));
  try {
    await options.seed(database.db);
  } finally {
    await database.close();
  }
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts');
  // The same V8 flag as `npm start`. The young generation's size is where two budgets meet: larger
  // means fewer scavenge pauses in the list's p99, smaller means less RSS while an export allocates
  // (16 MB, Node's default: p99 37.5-50.6 ms; 32: p99 39-45 ms, RSS +82-89 MB; 64: RSS +149 MB).
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's
  // DevTools, Performance panel, or read its self and inclusive times per function with a script).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = fork(script, {
    execArgv: [...SERVER_FLAGS, ...profile],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await nextMessage(child, 'listening');
  return {
    origin: `http://127.0.0.1:${port}`,
    async measureMemory(during) {
      const started = nextMessage(child, 'memory-started');
      child.send({ type: 'memory-start' });
      await started;
      const result = await during();
      const report = nextMessage(child, 'memory');
      child.send({ type: 'memory-stop' });
      const { rssGrowth, heapGrowth } = await report;
      return { result, rssGrowth, heapGrowth };
    },
    cpuMs: () => cpuMsOf(child),
    async close() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
