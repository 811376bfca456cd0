import { expect, test } from '@playwright/test';
import { DEMO_ADMIN } from './support/fixtures';
import { PRIVATE_ROUTES, TITLE_SUFFIX, type PortalRoute } from './support/routes';

// The session token never appears in a URL or a log: sign in through the login screen, open
// every route, and record every request the page makes (its URL and Referer, websockets included), every
// address the page shows, and everything written to the console. Only the Authorization header may carry
// the token. The server's own log is checked in server/http/logging.test.ts.

const ROUTES: PortalRoute[] = [...PRIVATE_ROUTES, { path: '/sync', title: 'Sync' }];

test('the token travels only in the Authorization header', async ({ page }) => {
  test.setTimeout(120_000);
  const urls: string[] = [];
  const referers: string[] = [];
  const consoleLines: string[] = [];
  let authorizedCalls = 0;
  page.on('request', (request) => {
    urls.push(request.url());
    const headers = request.headers();
    if (headers.referer) referers.push(headers.referer);
    if (headers.authorization?.startsWith('Token ')) authorizedCalls += 1;
  });
  page.on('websocket', (socket) => urls.push(socket.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('console', (message) => consoleLines.push(message.text()));
  page.on('pageerror', (error) => consoleLines.push(String(error.stack ?? error.message)));

  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveTitle(`Dashboard${TITLE_SUFFIX}`);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^\S{20,}$/);

  for (const route of ROUTES) {
    await page.goto(route.path);
    await expect(page).toHaveTitle(`${route.title}${TITLE_SUFFIX}`);
    await page.waitForLoadState('networkidle');
  }

  expect(authorizedCalls).toBeGreaterThan(ROUTES.length);
  expect(urls.length).toBeGreaterThan(ROUTES.length);
  const secret = token ?? '';
  expect(urls.filter((url) => url.includes(secret))).toEqual([]);
  expect(referers.filter((referer) => referer.includes(secret))).toEqual([]);
  expect(consoleLines.filter((line) => line.includes(secret))).toEqual([]);
});
