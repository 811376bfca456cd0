import type { BrowserContext, Page } from '@playwright/test';

/**
 * How long a page may take to come under its service worker's control. The portal registers its worker once the
 * page has loaded and been quiet for a second, at the latest 10 s after the load (src/portal/main.tsx,
 * src/portal/app/when-page-quiet.ts), and the install then downloads every chunk: on a loaded 2-core CI machine that took
 * more than 15 s.
 */
const WORKER_CONTROL_TIMEOUT_MS = 30_000;

/** Waits until the page's service worker controls it (the portal's or the player app's). */
export async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: WORKER_CONTROL_TIMEOUT_MS,
  });
}

/** Takes the browser offline once the worker controls the page: before that, a reload would have nothing to load. */
export async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await workerControls(page);
  await context.setOffline(true);
}
