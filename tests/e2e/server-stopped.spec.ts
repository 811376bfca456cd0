import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiLogin, DEMO_ADMIN, signIn } from './support/fixtures';
import { workerControls } from './support/offline';

// The server itself stopped and started again, as at a venue where it restarts: a server of this test's own (the
// suite's must keep running), on a port of its own, with its own data. The portal's top bar and a phone in the
// lobby say so within seconds though the devices stay online, and come back by themselves once it answers.

/** No answer came for at most 10 s, then a probe failed; the backoff's longest wait is 10 s. */
const NOTICED = { timeout: 25_000 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MIGRATE_ON_BOOT: '1',
      SEED_DEMO: '1',
      PORTAL_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '1000',
    },
    stdio: 'ignore',
  });
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

test('with the server stopped the portal and a phone say so though the devices stay online, and recover when it is back', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(150_000);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'server-stopped-'));
  let server = startServer(port, dataDir);
  const api = await playwright.request.newContext({ baseURL });
  try {
    await expect
      .poll(
        () =>
          api.get('/api/health').then(
            (response) => response.status(),
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    const headers = { Authorization: `Token ${await apiLogin(api, DEMO_ADMIN)}` };
    const created = async <T>(where: string, data: unknown): Promise<T> => {
      const response = await api.post(where, { headers, data });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as T;
    };
    const category = await created<{ id: number }>('/api/v1/category/', { name: 'Restart night' });
    const question = await created<{ id: number }>('/api/v1/questions/', {
      description: 'Capital of Italy?',
      category: category.id,
      options: 'A: Rome, B: Paris, C: Madrid, D: Berlin',
      correct_option: 'A',
    });
    const quiz = await created<{ quiz_hash: string }>('/api/v1/quiz/', {
      name: 'Restart Quiz',
      mode: 'MANUAL',
      status: 'ANNOUNCED',
      questions: [question.id],
      qs_timer: 60,
      before_qs_timer: 3,
      show_count_down: true,
      show_options: true,
      join_code: '42',
      max_attempt_count: 1,
      start_date_time: '2020-01-01T10:00:00Z',
      end_date_time: '2099-01-01T11:00:00Z',
    });

    const admin = await browser.newContext({ baseURL });
    const portal = await admin.newPage();
    await signIn(portal, DEMO_ADMIN);
    await portal.goto('/add-category');
    await expect(portal.getByRole('status', { name: 'Online' })).toBeVisible();
    await workerControls(portal);

    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    const phone = await phoneContext.newPage();
    await phone.goto(`/play/${quiz.quiz_hash}`);
    await phone.getByLabel('Join code').fill('42');
    await phone.getByLabel('First name').fill('Eve');
    await phone.getByLabel('Last name').fill('Player');
    await phone.getByLabel('Email').fill('eve@players.test');
    await phone.getByLabel('Mobile').fill('+44 7700 900123');
    await phone.getByRole('button', { name: 'Join' }).click();
    await expect(phone.getByRole('heading', { name: "You're in!" })).toBeVisible(NOTICED);
    const offlineNote = phone.getByRole('status').filter({ hasText: 'Offline: this phone keeps your answers' });
    await expect(offlineNote).toHaveCount(0);

    await stopServer(server);
    await expect(portal.getByRole('status', { name: 'Offline' })).toBeVisible(NOTICED);
    await expect(offlineNote).toBeVisible(NOTICED);
    expect(await portal.evaluate(() => navigator.onLine)).toBe(true);
    expect(await phone.evaluate(() => navigator.onLine)).toBe(true);

    server = startServer(port, dataDir);
    await expect(portal.getByRole('status', { name: 'Online' })).toBeVisible({ timeout: 60_000 });
    await expect(offlineNote).toHaveCount(0, { timeout: 60_000 });
    await admin.close();
    await phoneContext.close();
  } finally {
    await api.dispose();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
