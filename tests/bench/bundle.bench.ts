import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { portalBuild, startProductionPortal } from './support/production-portal';
import type { Benchmark, BenchRow } from './types';

// The JavaScript /login needs (issue 9, budget lowered by issue 20 §3): Chromium opens /login from the production server, and every
// JavaScript response the page receives until the network is quiet (the lazy chunks it asks for at start
// included) is gzipped here, as a server would send it. Budget: 120 kB gzip, and no Firebase code at all
// (the live channel loads with the screens that subscribe). The service worker is blocked: its precache
// downloads every chunk in the background, which is not what the page needs.

const BUDGET_KB = 120;
// Firebase's modules register themselves under these names; no portal code spells them.
const FIREBASE_MARK = /@firebase\/(app|database|component|util)/;

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

export const benchmark: Benchmark = {
  name: 'bundle /login',
  async run(): Promise<BenchRow[]> {
    const portal = await startProductionPortal(portalBuild());
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const context = await browser.newContext({ baseURL: portal.origin, serviceWorkers: 'block' });
      const page = await context.newPage();
      const scripts: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        if (response.ok() && isJavaScript(response)) scripts.push(response.body().then((body) => ({ url: response.url(), body })));
      });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(scripts);
      if (loaded.length === 0) throw new Error('no JavaScript response seen for /login');
      const gzip = loaded.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
      const raw = loaded.reduce((sum, { body }) => sum + body.length, 0);
      // Which file costs what, so a broken budget says where to look.
      for (const { url, body } of loaded)
        console.error(`bundle /login: ${new URL(url).pathname} ${kB(gzipSync(body, { level: 9 }).length)} kB gzip`);
      const withFirebase = loaded.filter(({ body }) => FIREBASE_MARK.test(body.toString('utf8'))).length;
      return [
        { metric: 'JavaScript loaded by /login, gzip', value: kB(gzip), unit: 'kB', budget: { max: BUDGET_KB } },
        { metric: 'JavaScript loaded by /login, uncompressed', value: kB(raw), unit: 'kB' },
        { metric: 'JavaScript files loaded by /login', value: loaded.length, unit: 'files' },
        { metric: 'firebase in /login', value: withFirebase, unit: 'files', budget: { max: 0 } },
      ];
    } finally {
      await browser.close();
      await portal.close();
    }
  },
};
