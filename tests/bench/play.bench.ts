import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { Pool } from 'undici';
import { percentile } from './support/load';
import { startBenchServer } from './support/bench-server';
import { owned, seedClient, signIn } from './support/tenant';
import type { Benchmark, BenchRow } from './types';

// Play's speed budget: 1,000 simulated players join one quiz and answer one question against one server
// on this machine: 0 answers lost, the answer acknowledgement's p99 ≤ 100 ms, answers/s printed (goal
// ≥ 5,000/s). Players are 100 concurrent keep-alive connections; each answer carries an Idempotency-Key and
// is retried (up to 3 times) until acknowledged, as the phone does; "lost" counts the answers the database
// does not hold at the end (read back from each player's state). The server's CPU time per join and per answer
// is printed too: other processes on a shared machine move it far less than the rates and latencies; and so is
// this process's own CPU per answer (the load generator shares the machine's cores with the server). On
// SQLite always; on PostgreSQL too when PLAY_BENCH_PG_URL names a server (a fresh database is made there and
// dropped). BENCH_CPU_PROF=<folder> writes the server's CPU profile there (support/bench-server.ts);
// PLAY_BENCH_SLOWEST=1 prints the 20 slowest acknowledgements and when each was sent.

const PLAYERS = 1000;
const CONNECTIONS = 100;
const HASH = 'bench-play-quiz';

interface Run {
  joinPerSecond: number;
  joinP99: number;
  answerPerSecond: number;
  answerP50: number;
  answerP99: number;
  totalMs: number;
  lost: number;
  refused: number;
  /** The server's CPU time per join and per answer (ms): what a busy machine moves least. */
  joinCpuMs: number;
  answerCpuMs: number;
  /** This process's CPU time per answer (ms): the load generator shares the machine's cores with the server. */
  clientAnswerCpuMs: number;
  /** PostgreSQL's CPU time per answer (ms), when it runs on this machine (its backends' /proc figures). */
  databaseAnswerCpuMs: number | null;
}

/** This process's CPU time so far, in ms. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux's usual builds). */
const CLOCK_TICKS = 100;

/**
 * The CPU time so far (ms) of the PostgreSQL backends serving database `name`, when PostgreSQL runs on this
 * machine (read from /proc; null elsewhere): it shares the cores with the server, so its work per answer bounds
 * the rate as much as the server's. Backends that end between two readings are missed (the server's pool keeps
 * its connections through the run).
 */
async function databaseCpuMs(admin: pg.Client, name: string): Promise<number | null> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
  let ticks = 0;
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat === null) return null;
    // The fields after the command name (which may hold spaces, hence after its closing parenthesis).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / CLOCK_TICKS) * 1000;
}

async function playOnce(env: Record<string, string>, databaseCpu: () => Promise<number | null> = async () => null): Promise<Run> {
  let quizId = 0;
  let questionId = 0;
  const server = await startBenchServer({
    env,
    seed: async (db) => {
      const clientId = await seedClient(db);
      const category = await db
        .insertInto('categories')
        .values({ name: 'Bench', ...owned(clientId) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const question = await db
        .insertInto('questions')
        .values({
          category_id: category.id,
          description: 'Which one?',
          options: 'A: a, B: b, C: c, D: d',
          correct_option: 'B',
          ...owned(clientId),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      questionId = question.id;
      const quiz = await db
        .insertInto('quizzes')
        .values({
          name: 'Bench quiz',
          mode: 'MANUAL',
          status: 'ANNOUNCED',
          active: true,
          qs_timer: 60,
          before_qs_timer: 0,
          join_code: '1234',
          quiz_hash: HASH,
          max_attempt_count: 1,
          start_date_time: new Date().toISOString(),
          end_date_time: new Date(Date.now() + 3_600_000).toISOString(),
          ...owned(clientId),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      quizId = quiz.id;
      await db.insertInto('quiz_questions').values({ quiz_id: quiz.id, question_id: question.id, position: 0 }).execute();
    },
  });
  const pool = new Pool(server.origin, { connections: CONNECTIONS });
  try {
    const started = performance.now();
    // Joins: each player posts the form once.
    const tokens: string[] = [];
    const joinLatencies: number[] = [];
    let next = 0;
    const cpuBeforeJoins = await server.cpuMs();
    const joinStart = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < PLAYERS) {
          const index = next++;
          const begun = performance.now();
          const response = await pool.request({
            method: 'POST',
            path: `/api/v1/play/quizzes/${HASH}/join`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              join_code: '1234',
              first_name: `P${index}`,
              last_name: 'Bench',
              email: `p${index}@bench.test`,
              mobile: '+1 555 0100',
            }),
          });
          const body = (await response.body.json()) as { token?: string };
          joinLatencies.push(performance.now() - begun);
          if (response.statusCode !== 201 || !body.token) throw new Error(`join ${index}: ${response.statusCode} ${JSON.stringify(body)}`);
          tokens.push(body.token);
        }
      }),
    );
    const joinMs = performance.now() - joinStart;
    const joinCpuMs = ((await server.cpuMs()) - cpuBeforeJoins) / PLAYERS;

    const admin = await signIn(server.origin);
    const step = await fetch(`${server.origin}/api/v1/quiz/${quizId}/`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'STARTED' }),
    });
    if (!step.ok) throw new Error(`start: ${step.status} ${await step.text()}`);

    // Answers: every player answers at once, retrying until acknowledged.
    const answerLatencies: number[] = [];
    /** Each acknowledgement's latency and when its request was sent (ms since the answers began). */
    const answerTimes: { latency: number; sentAt: number }[] = [];
    let refused = 0;
    next = 0;
    const cpuBeforeAnswers = await server.cpuMs();
    const databaseCpuBeforeAnswers = await databaseCpu();
    const clientCpuBeforeAnswers = ownCpuMs();
    const answerStart = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < tokens.length) {
          const index = next++;
          const key = randomBytes(8).toString('hex');
          for (let attempt = 0; attempt < 3; attempt += 1) {
            const begun = performance.now();
            const response = await pool.request({
              method: 'POST',
              path: '/api/v1/play/attempt/answers',
              headers: { 'content-type': 'application/json', authorization: `Participant ${tokens[index]}`, 'idempotency-key': key },
              body: JSON.stringify({ question: questionId, chosen_option: index % 3 ? 'B' : 'C', chosen_at: Date.now() }),
            });
            await response.body.dump();
            answerLatencies.push(performance.now() - begun);
            answerTimes.push({ latency: performance.now() - begun, sentAt: begun - answerStart });
            if (response.statusCode === 200) break;
            if (response.statusCode < 500) {
              refused += 1;
              break;
            }
          }
        }
      }),
    );
    const answerMs = performance.now() - answerStart;
    // Where the tail is: the first answers all at once (cold caches), or a stall mid-run (GC, a slow batch).
    if (process.env.PLAY_BENCH_SLOWEST) {
      const slowest = answerTimes.sort((x, y) => y.latency - x.latency).slice(0, 20);
      console.error(
        `slowest acknowledgements (ms, sent at ms of ${Math.round(answerMs)}):`,
        slowest.map((t) => `${Math.round(t.latency)}@${Math.round(t.sentAt)}`).join(' '),
      );
    }
    const clientAnswerCpuMs = (ownCpuMs() - clientCpuBeforeAnswers) / tokens.length;
    const answerCpuMs = ((await server.cpuMs()) - cpuBeforeAnswers) / tokens.length;
    const databaseCpuAfterAnswers = await databaseCpu();
    const databaseAnswerCpuMs =
      databaseCpuBeforeAnswers === null || databaseCpuAfterAnswers === null
        ? null
        : (databaseCpuAfterAnswers - databaseCpuBeforeAnswers) / tokens.length;
    const totalMs = performance.now() - started;
    // Lost: a player whose state does not hold the answer.
    let lost = 0;
    next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < tokens.length) {
          const index = next++;
          const response = await pool.request({
            method: 'GET',
            path: '/api/v1/play/attempt/',
            headers: { authorization: `Participant ${tokens[index]}` },
          });
          const state = (await response.body.json()) as { my_answer?: unknown };
          if (!state.my_answer) lost += 1;
        }
      }),
    );
    await pool.close();
    await server.close();
    joinLatencies.sort((x, y) => x - y);
    answerLatencies.sort((x, y) => x - y);
    return {
      joinPerSecond: (PLAYERS / joinMs) * 1000,
      joinP99: percentile(joinLatencies, 0.99),
      answerPerSecond: (tokens.length / answerMs) * 1000,
      answerP50: percentile(answerLatencies, 0.5),
      answerP99: percentile(answerLatencies, 0.99),
      totalMs,
      lost: PLAYERS - tokens.length + lost,
      refused,
      joinCpuMs,
      answerCpuMs,
      clientAnswerCpuMs,
      databaseAnswerCpuMs,
    };
  } catch (error) {
    await pool.close().catch(() => undefined);
    await server.close();
    throw error;
  }
}

function rowsOf(engine: string, run: Run): BenchRow[] {
  return [
    { metric: `${engine}: join throughput`, value: run.joinPerSecond, unit: 'joins/s' },
    { metric: `${engine}: join p99`, value: run.joinP99, unit: 'ms' },
    { metric: `${engine}: server CPU per join`, value: run.joinCpuMs, unit: 'ms' },
    { metric: `${engine}: answers`, value: run.answerPerSecond, unit: 'answers/s', budget: { min: 5000 } },
    { metric: `${engine}: server CPU per answer`, value: run.answerCpuMs, unit: 'ms' },
    { metric: `${engine}: load generator CPU per answer`, value: run.clientAnswerCpuMs, unit: 'ms' },
    ...(run.databaseAnswerCpuMs === null
      ? []
      : [{ metric: `${engine}: database CPU per answer`, value: run.databaseAnswerCpuMs, unit: 'ms' }]),
    { metric: `${engine}: answer ack p50`, value: run.answerP50, unit: 'ms' },
    { metric: `${engine}: answer ack p99`, value: run.answerP99, unit: 'ms', budget: { max: 100 } },
    { metric: `${engine}: answers lost or refused`, value: run.lost + run.refused, unit: 'answers', budget: { max: 0 } },
    { metric: `${engine}: 1,000 joins + answers`, value: run.totalMs / 1000, unit: 's', budget: { max: 5 } },
  ];
}

export const benchmark: Benchmark = {
  name: 'play (1,000 players)',
  async run() {
    const rows = rowsOf('SQLite', await playOnce({}));
    const pgUrl = process.env.PLAY_BENCH_PG_URL;
    if (pgUrl) {
      const name = `bench_play_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      try {
        rows.push(...rowsOf('PostgreSQL', await playOnce({ DATABASE_URL: url.toString() }, () => databaseCpuMs(admin, name))));
      } finally {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    }
    return rows;
  },
};
