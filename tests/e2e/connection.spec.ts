import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, createTenant, signIn } from './support/fixtures';
import { workerControls } from './support/offline';

// The network cut the way a venue cuts it: the device says it is connected (Wi-Fi joined, a captive portal, the
// server restarting) while no request reaches the server. Every request to /api is refused by route, so the
// browser's navigator.onLine stays true, also after a reload: the portal's top bar and the phone must say the
// server is out of reach from the failed requests alone, and come back by themselves once it answers
// (src/lib/server-connection.ts).

/** No answer came for at most 10 s, then a probe failed; the backoff's longest wait is 10 s. */
const NOTICED = { timeout: 20_000 };

async function cutServer(context: BrowserContext): Promise<void> {
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
}

async function restoreServer(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
}

const deviceSaysOnline = (page: Page) => page.evaluate(() => navigator.onLine);

async function authHeaders(request: APIRequestContext, credentials: { email: string; password: string }) {
  return { Authorization: `Token ${await apiLogin(request, credentials)}` };
}

test('the portal says Offline while the server is unreachable though the device is online, after a reload too, and sends what waited once it answers', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  const headers = await authHeaders(request, tenant);
  expect((await request.post('/api/v1/category/', { headers, data: { name: 'History' } })).status()).toBe(201);
  await signIn(page, tenant);
  await page.goto('/add-category');
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table.getByRole('row', { name: /^History\b/ })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
  await workerControls(page);

  // Nothing is asked of the server: the connection notices by itself.
  await cutServer(context);
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible(NOTICED);
  expect(await deviceSaysOnline(page)).toBe(true);

  // Reloaded: the worker serves the portal, the device still says online, the first failed request says Offline.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  expect(await deviceSaysOnline(page)).toBe(true);
  await expect(table.getByRole('row', { name: /^History\b/ })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add category' });
  await form.getByLabel('Name').fill('Music');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('row', { name: /^Music\b/ })).toContainText('Waiting to sync');
  await expect(page.getByRole('link', { name: '1 waiting' })).toBeVisible();

  // The server answers again: no browser event comes, the probe finds it, and the change goes.
  await restoreServer(context);
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible(NOTICED);
  await expect(page.getByRole('link', { name: /waiting/ })).toHaveCount(0, NOTICED);
  const names = await request
    .get('/api/v1/category/?page_size=1000', { headers })
    .then(async (response) => ((await response.json()) as { results: { name: string }[] }).results.map((row) => row.name).sort());
  expect(names).toEqual(['History', 'Music']);
});

test('a phone says it is offline while the server is unreachable though the phone is online, keeps the answer across a reload and sends it once the server answers', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  const headers = await authHeaders(request, tenant);
  const created = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as T;
  };
  const category = await created<{ id: number }>('/api/v1/category/', { name: 'General' });
  const question = await created<{ id: number }>('/api/v1/questions/', {
    description: 'Capital of France?',
    category: category.id,
    options: 'A: Paris, B: Rome, C: Madrid, D: Berlin',
    correct_option: 'A',
  });
  const quiz = await created<{ id: number; quiz_hash: string }>('/api/v1/quiz/', {
    name: 'Pub Quiz',
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

  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/play/${quiz.quiz_hash}`);
  await page.getByLabel('Join code').fill('42');
  await page.getByLabel('First name').fill('Dee');
  await page.getByLabel('Last name').fill('Player');
  await page.getByLabel('Email').fill('dee@players.test');
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible(NOTICED);
  await workerControls(page);
  const offlineNote = page.getByRole('status').filter({ hasText: 'Offline: this phone keeps your answers' });
  await expect(offlineNote).toHaveCount(0);

  // In the lobby nothing is asked of the server: the phone notices by itself.
  await cutServer(context);
  await expect(offlineNote).toBeVisible(NOTICED);
  expect(await deviceSaysOnline(page)).toBe(true);
  await restoreServer(context);
  await expect(offlineNote).toHaveCount(0, NOTICED);

  for (const status of ['ACTIVATED', 'STARTED']) {
    const moved = await request.patch(`/api/v1/quiz/${quiz.id}/`, { headers, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await expect(page.getByRole('heading', { name: 'Capital of France?' })).toBeVisible(NOTICED);

  // The answer fails to go: the notice says so at once, and the answer waits on the phone, across a reload.
  await cutServer(context);
  await page.getByRole('button', { name: 'A: Paris' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Your answer A: Saved on this phone, sending…' });
  await expect(saved).toBeVisible();
  await expect(offlineNote).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Capital of France?' })).toBeVisible();
  await expect(saved).toBeVisible();
  await expect(offlineNote).toBeVisible();
  expect(await deviceSaysOnline(page)).toBe(true);

  await restoreServer(context);
  // Counted: the only player has answered, so the round is revealed at once.
  await expect(page.getByRole('heading', { name: 'Right!' })).toBeVisible(NOTICED);
  await expect(offlineNote).toHaveCount(0);
  await context.close();
});

test('offline with navigator.onLine still true after the reload (as Chromium 150 had it), the portal says Offline, and Online once the network is back', async ({
  page,
  context,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant);
  await page.goto('/add-category');
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
  await workerControls(page);
  await context.setOffline(true);
  // The browser's flag says online on every page from now on, whatever the network.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true }));
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect(await deviceSaysOnline(page)).toBe(true);
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible(NOTICED);
});
