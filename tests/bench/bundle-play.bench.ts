import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { portalBuild, startProductionPortal } from './support/production-portal';
import type { Benchmark, BenchRow } from './types';

// The JavaScript a phone loads to show a quiz's join form (issue 17: /play/ first load <= 90 kB gzipped). Chromium
// opens the demo quiz's link from the production server on a 375 px phone and every JavaScript response until the
// join form shows is gzipped here, as the server sends it. "After the first screen" adds what loads once the page
// is quiet (nothing on the join form: Firebase and Dexie load once the phone has joined). The service worker is
// blocked: its precache downloads every chunk in the background, which is not what the page needs. No portal
// chunk may load (the portal's names are not in the player's build).

const BUDGET_KB = 90;
const DEMO_QUIZ = 'demo-live-quiz';

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

export const benchmark: Benchmark = {
  name: 'bundle /play/',
  async run(): Promise<BenchRow[]> {
    const portal = await startProductionPortal(portalBuild());
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const context = await browser.newContext({
        baseURL: portal.origin,
        serviceWorkers: 'block',
        viewport: { width: 375, height: 667 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const scripts: Promise<{ url: string; body: Buffer; first: boolean }>[] = [];
      let firstScreen = true;
      page.on('response', (response) => {
        if (!response.ok() || !isJavaScript(response)) return;
        const first = firstScreen;
        scripts.push(response.body().then((body) => ({ url: response.url(), body, first })));
      });
      await page.goto(`/play/${DEMO_QUIZ}`);
      await page.getByRole('button', { name: 'Join' }).waitFor();
      firstScreen = false;
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(scripts);
      const first = loaded.filter((script) => script.first);
      if (first.length === 0) throw new Error(`no JavaScript response seen for /play/${DEMO_QUIZ}`);
      const gzip = (list: typeof loaded) => list.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
      const portalChunks = loaded.filter(({ url }) => !new URL(url).pathname.startsWith('/play/')).length;
      return [
        { metric: 'JavaScript of the join form, gzip', value: kB(gzip(first)), unit: 'kB', budget: { max: BUDGET_KB } },
        {
          metric: 'JavaScript of the join form, uncompressed',
          value: kB(first.reduce((sum, { body }) => sum + body.length, 0)),
          unit: 'kB',
        },
        { metric: 'JavaScript files of the join form', value: first.length, unit: 'files' },
        { metric: 'JavaScript loaded until quiet, gzip', value: kB(gzip(loaded)), unit: 'kB' },
        { metric: 'portal files loaded by /play/', value: portalChunks, unit: 'files', budget: { max: 0 } },
      ];
    } finally {
      await browser.close();
      await portal.close();
    }
  },
};
