import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { DEMO_QUIZ, demoPlayerSession } from './support/demo-player';
import { portalBuild, startProductionPortal } from './support/production-portal';
import type { Benchmark, BenchRow } from './types';

// The JavaScript a phone loads to show a quiz's join form (/play/ first load <= 90 kB gzipped). Chromium
// opens the demo quiz's link from the production server on a 375 px phone and every JavaScript response until the
// join form shows is gzipped here, as the server sends it. "After the first screen" adds what loads once the page
// is quiet (nothing on the join form: Firebase and Dexie load once the phone has joined). The service worker is
// blocked: its precache downloads every chunk in the background, which is not what the page needs. No portal
// chunk may load (the portal's names are not in the player's build).
// Then a phone that has joined (its session in localStorage, as the Lighthouse benchmark puts it) opens the same
// link: the JavaScript until its lobby ("You're in!") shows, in which no Firebase code may be (the live channel
// loads once the lobby has painted).

const BUDGET_KB = 90;

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

// Firebase's modules register themselves under these names (as in bundle.bench.ts); no player code spells them.
const FIREBASE_MARK = /@firebase\/(app|database|component|util)/;

interface Script {
  url: string;
  body: Buffer;
  /** Requested before the screen waited for was in the page. */
  first: boolean;
}

/**
 * Opens `path` on a 375 px phone (with `storage` put in localStorage first) and keeps every JavaScript response,
 * each marked by whether it was requested before `screenText` was in the document: the page records that moment
 * itself (a MutationObserver from the first script on), since Playwright notices a screen only some ms later, by
 * which time the work put off until after that screen may have started.
 */
async function loadScripts(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
  path: string,
  screenText: string,
): Promise<Script[]> {
  const context = await browser.newContext({
    baseURL: origin,
    serviceWorkers: 'block',
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    if (Object.keys(storage).length > 0) {
      await page.goto('/robots.txt');
      // Strings: tests/bench compiles without the DOM library.
      for (const [key, value] of Object.entries(storage))
        await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
    }
    await page.addInitScript(`{
      const text = ${JSON.stringify(screenText)};
      const observer = new MutationObserver(() => {
        if (!document.body || !document.body.textContent.includes(text)) return;
        window.__screenShownAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }`);
    const responses: Promise<{ url: string; body: Buffer }>[] = [];
    page.on('response', (response) => {
      if (!response.ok() || !isJavaScript(response)) return;
      responses.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(path);
    await page.getByText(screenText, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const requested = (await page.evaluate(
      `performance.getEntriesByType('resource').filter((entry) => entry.startTime < window.__screenShownAt).map((entry) => entry.name)`,
    )) as string[];
    const before = new Set(requested);
    return (await Promise.all(responses)).map((script) => ({ ...script, first: before.has(script.url) }));
  } finally {
    await context.close();
  }
}

export const benchmark: Benchmark = {
  name: 'bundle /play/',
  async run(): Promise<BenchRow[]> {
    const portal = await startProductionPortal(portalBuild());
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const loaded = await loadScripts(browser, portal.origin, {}, `/play/${DEMO_QUIZ}`, 'Join the quiz');
      const first = loaded.filter((script) => script.first);
      if (first.length === 0) throw new Error(`no JavaScript response seen for /play/${DEMO_QUIZ}`);
      const gzip = (list: Script[]) => list.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
      const portalChunks = loaded.filter(({ url }) => !new URL(url).pathname.startsWith('/play/')).length;
      const lobby = await loadScripts(
        browser,
        portal.origin,
        await demoPlayerSession(portal.origin, {
          first_name: 'Bench',
          last_name: 'Phone',
          email: 'bundle@bench.test',
          mobile: '+44 7700 900001',
        }),
        `/play/${DEMO_QUIZ}`,
        "You're in!",
      );
      const lobbyFirst = lobby.filter((script) => script.first);
      const withFirebase = (list: Script[]) => list.filter(({ body }) => FIREBASE_MARK.test(body.toString('utf8'))).length;
      if (withFirebase(lobby) === 0) throw new Error('no Firebase code loaded for the lobby: is the lobby following the live channel?');
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
        { metric: 'JavaScript of the lobby (joined), gzip', value: kB(gzip(lobbyFirst)), unit: 'kB', budget: { max: BUDGET_KB } },
        { metric: 'firebase files before the lobby shows', value: withFirebase(lobbyFirst), unit: 'files', budget: { max: 0 } },
        { metric: 'JavaScript of the lobby until quiet, gzip', value: kB(gzip(lobby)), unit: 'kB' },
      ];
    } finally {
      await browser.close();
      await portal.close();
    }
  },
};
