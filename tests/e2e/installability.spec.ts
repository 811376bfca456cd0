import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';
import { apiLogin, createTenant } from './support/fixtures';

// Installability is only reported in a persistent (non-incognito) profile, through CDP.
let profile: string;
let context: BrowserContext;
let page: Page;

test.beforeEach(async ({ baseURL }) => {
  profile = await mkdtemp(path.join(os.tmpdir(), 'portal-profile-'));
  context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), baseURL });
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterEach(async () => {
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

/** Registers the built worker (idempotent if the app already did) and waits until it controls the page. */
async function controlledByServiceWorker(): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

test('Chromium reports no installability errors and reads the manifest', async () => {
  await page.goto('/');
  // The first install says so, once the page is idle.
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 20_000 });
  // With Mantine's notifications alone: none of the screens' chunks (/login's blocking time).
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(scripts.filter((name) => /\/assets\/(screens-|dexie-|router-|contract-)/.test(name))).toEqual([]);
  await controlledByServiceWorker();
  const cdp = await context.newCDPSession(page);
  await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);
  const { errors, data } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  expect(JSON.parse(data ?? '{}')).toMatchObject({
    name: 'Quiz Portal',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#1864ab',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1864ab');
});

test('offline, every route opens from the service worker; API answers are never cached', async () => {
  await page.goto('/');
  await controlledByServiceWorker();
  await context.setOffline(true);
  for (const route of ['/dashboard', '/add-category/local-1234/update', '/password/reset/some-token']) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    expect(response?.fromServiceWorker(), route).toBe(true);
    // The app itself, not only the loading spinner index.html shows until the app starts.
    await expect(page.locator('#root').getByRole('button').first(), route).toBeVisible();
  }
  const apiOffline = await page.evaluate(() =>
    fetch('/api/health').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(apiOffline).toBe('failed');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
});

test('uploaded images stay visible offline', async ({ request }) => {
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const category = await request.post('/api/v1/category/', { headers, data: { name: 'Colours' } });
  expect(category.status(), await category.text()).toBe(201);
  const question = await request.post('/api/v1/questions/', {
    headers,
    multipart: {
      description: 'Which colour?',
      options: 'A: Red, B: Green, C: Blue, D: Yellow',
      correct_option: 'C',
      category: String(((await category.json()) as { id: number }).id),
      image: { name: 'sponsor.png', mimeType: 'image/png', buffer: await readFile('public/pwa-192x192.png') },
    },
  });
  expect(question.status(), await question.text()).toBe(201);
  const imagePath = new URL(((await question.json()) as { image: string }).image).pathname;
  expect(imagePath).toMatch(/^\/media\//);

  await page.goto('/');
  await controlledByServiceWorker();
  // no-store: the browser's own HTTP cache must not be what answers offline.
  const load = (url: string) => page.evaluate(async (src) => (await fetch(src, { cache: 'no-store' })).status, url);
  expect(await load(imagePath)).toBe(200);
  // The worker answers first and stores the copy afterwards (waitUntil), so wait for the copy before going offline.
  const isCached = () => page.evaluate(async (src) => Boolean(await (await caches.open('uploaded-images')).match(src)), imagePath);
  await expect.poll(isCached).toBe(true);
  await context.setOffline(true);
  expect(await load(imagePath)).toBe(200);
});

test('a new version waits until the page asks it to take over ("Reload to update")', async () => {
  await page.goto('/');
  // The app registers its own worker once the page has been quiet (main.tsx): done after the next version below, it
  // raced it for the registration. Its first install says so.
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 20_000 });
  await controlledByServiceWorker();
  // A different script URL makes the browser install it as the next version of the worker.
  const outcome = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw.js?next-version');
    const next = registration.installing ?? registration.waiting;
    if (!next) throw new Error('no new worker');
    if (next.state !== 'installed') {
      await new Promise<void>((resolve) => next.addEventListener('statechange', () => next.state === 'installed' && resolve()));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stillWaiting = registration.waiting === next;
    const takenOver = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    next.postMessage({ type: 'SKIP_WAITING' });
    await takenOver;
    return { stillWaiting, controller: navigator.serviceWorker.controller?.scriptURL ?? '' };
  });
  expect(outcome.stillWaiting).toBe(true);
  expect(outcome.controller).toContain('/sw.js?next-version');
});

test('the worker is registered once the page has loaded and been quiet, not between the tasks of a busy start', async () => {
  // A start kept busy for 3 s: tasks of 150 ms with 10 ms between them (idle moments, but no quiet second).
  await page.addInitScript(() => {
    const end = performance.now() + 3000;
    const busy = () => {
      const start = performance.now();
      while (performance.now() - start < 150);
      if (performance.now() < end) setTimeout(busy, 10);
    };
    setTimeout(busy, 0);
  });
  await page.goto('/login');
  await page.waitForFunction(() => document.readyState === 'complete');
  const registered = () => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()));
  await page.waitForTimeout(1500);
  // Its install downloads and compiles every chunk: not while the first screen still has work to do.
  expect(await registered()).toBe(false);
  await expect.poll(registered, { timeout: 15_000 }).toBe(true);
});
