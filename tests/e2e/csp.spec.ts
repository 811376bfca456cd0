import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/fixtures';
import { PRIVATE_ROUTES, PUBLIC_ROUTES, TITLE_SUFFIX, type PortalRoute } from './support/routes';

// The portal runs under its Content-Security-Policy with no violation: every route, signed out
// and signed in, with the violations the page reports (securitypolicyviolation events, which the browser
// fires for every blocked script, style, image, connection or worker) and Chromium's console messages
// about the policy collected. The live channel's websocket is part of it: connect-src must allow it.

const SIGNED_IN_ROUTES: PortalRoute[] = [...PRIVATE_ROUTES, { path: '/sync', title: 'Sync' }];

/** Starts collecting the page's policy violations; returns the list it fills. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportPolicyViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void }).reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

async function visit(page: Page, route: PortalRoute): Promise<void> {
  await page.goto(route.path);
  await expect(page).toHaveTitle(`${route.title}${TITLE_SUFFIX}`);
  await page.waitForLoadState('networkidle');
}

test('the portal page carries the strict policy', async ({ page }) => {
  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+/);
});

test('signed-out screens run with no policy violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const route of PUBLIC_ROUTES) await visit(page, route);
  expect(violations).toEqual([]);
});

test('every signed-in screen runs with no policy violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await signIn(page);
  for (const route of SIGNED_IN_ROUTES) await visit(page, route);
  expect(violations).toEqual([]);
});

test('the live channel connects under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page);
  await visit(page, { path: '/list-quiz', title: 'List Quiz' });
  // The connection the portal's Firebase client opens (src/live/connect.ts), from the portal page itself.
  const opened = await page.evaluate(async () => {
    const config = (await (await fetch('/api/v1/live-config/')).json()) as { emulator: { host: string; port: number } | null };
    if (!config.emulator) return 'no local live server';
    const socket = new WebSocket(`ws://${config.emulator.host}:${config.emulator.port}/.ws?v=5&ns=quiz-portal`);
    return new Promise<string>((resolve) => {
      socket.onopen = () => {
        socket.close();
        resolve('open');
      };
      socket.onerror = () => resolve('refused');
      setTimeout(() => resolve('timed out'), 5000);
    });
  });
  expect(opened).toBe('open');
  expect(violations).toEqual([]);
});

test('the player app joins and waits in the lobby with no policy violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/play/demo-live-quiz');
  await expect(page.getByRole('heading', { name: 'Friday Pub Quiz' })).toBeVisible();
  await page.getByLabel('Join code').fill('1234');
  await page.getByLabel('First name').fill('Policy');
  await page.getByLabel('Last name').fill('Checker');
  await page.getByLabel('Email').fill(`policy-${Date.now()}@players.test`);
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
