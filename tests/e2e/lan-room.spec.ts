import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, createTenant } from './support/fixtures';

// The README's "play from phones on the same network" recipe, as a venue runs it: the server started with
// HOST=0.0.0.0 and PUBLIC_URL=http://<this machine's network address>:<port>, nothing else. A phone opens the
// quiz at that address (not loopback), joins, follows the quiz through the live channel on the same address
// and port (docs/live-channel.md), sees each question when the host steps it, and answers.

const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const LIVE = { timeout: 10_000 };

/** This machine's first non-loopback IPv4 address, or null. */
function networkAddress(): string | null {
  for (const entries of Object.values(networkInterfaces())) {
    const found = entries?.find((entry) => entry.family === 'IPv4' && !entry.internal);
    if (found) return found.address;
  }
  return null;
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const address = networkAddress();
let server: ChildProcess | null = null;
let dataDir = '';
let origin = '';
let output = '';

test.skip(address === null, 'this machine has no non-loopback IPv4 address to play over');

test.beforeAll(async () => {
  if (!address) return;
  const port = await freePort(address);
  origin = `http://${address}:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-lan-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '0.0.0.0',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORTAL_URL: '',
      MIGRATE_ON_BOOT: '1',
      E2E_TEST_HOOKS: '1',
      LOG_LEVEL: 'warn',
      // The embedded live channel's own port stays on loopback, wherever it is: phones never need it.
      FIREBASE_DATABASE_URL: '',
      FIREBASE_DATABASE_EMULATOR_HOST: '',
      FIREBASE_EMULATOR_HOST: '',
      FIREBASE_EMULATOR_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = server;
  started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!output.includes('Quiz portal listening on')) return;
      started.stdout?.off('data', check);
      resolve();
    };
    started.stdout?.on('data', check);
    started.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function created<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test("a phone joins over this machine's network address and follows the quiz the host steps", async ({ browser }) => {
  test.setTimeout(120_000);
  const request = await apiRequest.newContext({ baseURL: origin });
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const category = (await created<{ id: number }>(request, headers, '/api/v1/category/', { name: 'General' })).id;
  const questions: number[] = [];
  for (const [description, options] of [
    ['Capital of France?', 'A: Paris, B: Rome, C: Madrid, D: Berlin'],
    ['Largest planet?', 'A: Jupiter, B: Mars, C: Venus, D: Earth'],
  ] as const) {
    questions.push(
      (await created<{ id: number }>(request, headers, '/api/v1/questions/', { description, category, options, correct_option: 'A' })).id,
    );
  }
  const quiz = await created<{ id: number; quiz_hash: string }>(request, headers, '/api/v1/quiz/', {
    name: 'Pub Quiz',
    mode: 'MANUAL',
    status: 'ANNOUNCED',
    questions,
    qs_timer: 30,
    before_qs_timer: 0,
    show_options: true,
    join_code: '42',
    max_attempt_count: 1,
    start_date_time: '2020-01-01T10:00:00Z',
    end_date_time: '2099-01-01T11:00:00Z',
  });
  const step = async (data: Record<string, unknown>) => {
    const moved = await request.patch(`/api/v1/quiz/${quiz.id}/`, { headers, data });
    expect(moved.status(), await moved.text()).toBe(200);
  };

  // The page is told to follow the live channel at the address it opened, on the API's own port.
  const config = await (await request.get('/api/v1/live-config/')).json();
  expect(config).toMatchObject({ emulator: { host: address, port: Number(new URL(origin).port) } });

  const context = await browser.newContext({ baseURL: origin, ...PHONE });
  const phone = await context.newPage();
  const sockets: string[] = [];
  phone.on('websocket', (socket) => sockets.push(socket.url()));
  await phone.goto(`/play/${quiz.quiz_hash}`);
  await expect(phone.getByRole('heading', { name: 'Pub Quiz' })).toBeVisible();
  await phone.getByLabel('Join code').fill('42');
  await phone.getByLabel('First name').fill('Lan');
  await phone.getByLabel('Last name').fill('Player');
  await phone.getByLabel('Email').fill('lan@players.test');
  await phone.getByLabel('Mobile').fill('+44 7700 900123');
  await phone.getByRole('button', { name: 'Join' }).click();
  await expect(phone.getByRole('heading', { name: "You're in!" })).toBeVisible(LIVE);

  await step({ status: 'ACTIVATED' });
  await step({ status: 'STARTED' });
  await expect(phone.getByRole('heading', { name: 'Capital of France?' })).toBeVisible(LIVE);
  await phone.getByRole('button', { name: 'A: Paris' }).click();
  await expect(phone.getByRole('heading', { name: 'Right!' })).toBeVisible({ timeout: 30_000 });

  await step({ question_no: 2 });
  await expect(phone.getByRole('heading', { name: 'Largest planet?' })).toBeVisible(LIVE);

  // Every websocket the phone opened went to the address it was given, never to loopback.
  expect(sockets.length).toBeGreaterThan(0);
  for (const url of sockets) expect(url.startsWith(`ws://${address}:${new URL(origin).port}/.ws?`), url).toBe(true);
  await context.close();
  await request.dispose();
});
