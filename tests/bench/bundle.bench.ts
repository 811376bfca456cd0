import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { demoToken, portalBuild, startProductionPortal } from './support/production-portal';
import type { Benchmark, BenchRow } from './types';

// The JavaScript /login loads (docs/decisions.md "Performance budgets"): Chromium opens /login from the production
// server, and every JavaScript response until the network is quiet is gzipped here, as a server would send it: the
// form's own (requested before the form is in the page, printed apart) and the service worker's notices,
// registered after load. Budget: 120 kB gzip. The router's chunk is not among them: the form loads it at the
// user's first touch, key or focus (src/portal/app/shell.tsx), which this page does not get. No file may carry Firebase
// code (the live channel loads with the screens that subscribe). The service worker is blocked: its precache
// downloads every chunk in the background, which is not what the page needs. Then a signed-in /list-quiz: the
// JavaScript it asks for before its title is painted (SIGNED_IN_BEFORE_TITLE_KB).

const BUDGET_KB = 120;
/**
 * A signed-in start on List Quiz paints its title (its largest contentful paint) with the first bundle and asks
 * for the user with the HTTP client and the API's schemas (about 140 kB gzip together); the screens' code (React
 * Router, Mantine's components, Dexie: about 200 kB more) only once the title is painted.
 */
const SIGNED_IN_BEFORE_TITLE_KB = 150;
// Firebase's modules register themselves under these names; no portal code spells them.
const FIREBASE_MARK = /@firebase\/(app|database|component|util)/;

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

interface Script {
  url: string;
  body: Buffer;
  /** Requested before the sign-in form was in the page. */
  first: boolean;
}

const gzip = (list: Script[]) => list.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);

export const benchmark: Benchmark = {
  name: 'bundle /login',
  async run(): Promise<BenchRow[]> {
    const portal = await startProductionPortal(portalBuild());
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const context = await browser.newContext({ baseURL: portal.origin, serviceWorkers: 'block' });
      const page = await context.newPage();
      // The page records when the form's button is in the document itself (a MutationObserver from the first script
      // on): Playwright notices it some ms later, by which time the idle work after the form may have started.
      await page.addInitScript(`{
        const observer = new MutationObserver(() => {
          const buttons = document.querySelectorAll('button[type="submit"]');
          if (![...buttons].some((button) => button.textContent.trim() === 'Login')) return;
          window.__formShownAt = performance.now();
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      }`);
      const responses: Promise<{ url: string; body: Buffer }>[] = [];
      page.on('response', (response) => {
        if (response.ok() && isJavaScript(response)) responses.push(response.body().then((body) => ({ url: response.url(), body })));
      });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await page.waitForLoadState('networkidle');
      // Strings: tests/bench compiles without the DOM library.
      const requested = (await page.evaluate(
        `performance.getEntriesByType('resource').filter((entry) => entry.startTime < window.__formShownAt).map((entry) => entry.name)`,
      )) as string[];
      const before = new Set(requested);
      const loaded: Script[] = (await Promise.all(responses)).map((script) => ({ ...script, first: before.has(script.url) }));
      const first = loaded.filter((script) => script.first);
      if (first.length === 0) throw new Error('no JavaScript response seen for /login before its form');
      // Which file costs what, so a broken budget says where to look.
      for (const { url, body, first: isFirst } of loaded)
        console.error(
          `bundle /login: ${new URL(url).pathname} ${kB(gzipSync(body, { level: 9 }).length)} kB gzip${isFirst ? '' : ' (after the form)'}`,
        );
      const withFirebase = loaded.filter(({ body }) => FIREBASE_MARK.test(body.toString('utf8'))).length;
      await context.close();
      const beforeTitle = await scriptsBeforeTitle(browser, portal.origin);
      return [
        { metric: 'JavaScript of the sign-in form, gzip', value: kB(gzip(first)), unit: 'kB' },
        {
          metric: 'JavaScript of the sign-in form, uncompressed',
          value: kB(first.reduce((sum, { body }) => sum + body.length, 0)),
          unit: 'kB',
        },
        { metric: 'JavaScript files of the sign-in form', value: first.length, unit: 'files' },
        {
          metric: 'JavaScript loaded by /login until the network is quiet, gzip',
          value: kB(gzip(loaded)),
          unit: 'kB',
          budget: { max: BUDGET_KB },
        },
        { metric: 'firebase in /login', value: withFirebase, unit: 'files', budget: { max: 0 } },
        {
          metric: 'signed-in /list-quiz: JavaScript asked for before its title is painted, gzip',
          value: kB(gzip(beforeTitle)),
          unit: 'kB',
          budget: { max: SIGNED_IN_BEFORE_TITLE_KB },
        },
      ];
    } finally {
      await browser.close();
      await portal.close();
    }
  },
};

/**
 * The scripts a signed-in /list-quiz asks for before its title is painted: what Lighthouse's model takes the
 * title's paint to wait for. The paint's time is the largest contentful paint's, the title being the largest.
 */
async function scriptsBeforeTitle(browser: Browser, origin: string): Promise<Script[]> {
  const token = await demoToken(origin);
  const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
  try {
    await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    const page = await context.newPage();
    const responses: Promise<{ url: string; body: Buffer } | null>[] = [];
    page.on('response', (response) => {
      // A body can be gone with its target: the locale data worker's script, once the worker has ended. That worker
      // starts after the title's paint, so it is not one of the scripts counted here.
      if (response.ok() && isJavaScript(response))
        responses.push(
          response.body().then(
            (body) => ({ url: response.url(), body }),
            () => null,
          ),
        );
    });
    await page.addInitScript(`new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.element?.textContent === 'List Quiz') window.__titlePaintedAt ??= entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });`);
    await page.goto('/list-quiz');
    await page.getByRole('heading', { name: 'List Quiz' }).waitFor();
    await page.waitForFunction('window.__titlePaintedAt !== undefined');
    await page.waitForLoadState('networkidle');
    const requested = new Set(
      (await page.evaluate(
        `performance.getEntriesByType('resource').filter((entry) => entry.startTime < window.__titlePaintedAt).map((entry) => entry.name)`,
      )) as string[],
    );
    const before = (await Promise.all(responses))
      .filter((script): script is { url: string; body: Buffer } => script !== null && requested.has(script.url))
      .map((script) => ({ ...script, first: true }));
    for (const { url, body } of before)
      console.error(
        `bundle signed-in /list-quiz, before its title: ${new URL(url).pathname} ${kB(gzipSync(body, { level: 9 }).length)} kB gzip`,
      );
    return before;
  } finally {
    await context.close();
  }
}
