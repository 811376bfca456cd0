import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { startBenchServer } from './support/bench-server';
import { seedQuestionBank, signIn } from './support/tenant';
import type { Benchmark, BenchRow } from './types';

// List Questions over 10,000 mirrored questions, in Chromium against the production build: the mirror
// is filled by the real sync pull from a server seeded in bulk, then each keystroke in the search box is timed
// from its keydown until the table and its count show the new result and the next frame is drawn.

const QUESTIONS = 10_000;
// Every step changes the number of matching questions, so each keystroke has a visible result to wait for.
const TYPED = ['1234', '5678', '907', '2468', '1357'];
// Category names without digits: the typed digits match descriptions only, so expected counts are known.
const CATEGORY_NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];

const description = (n: number) => `Question ${n}: which of these is right?`;

function expectedCount(search: string): number {
  if (search === '') return QUESTIONS;
  let count = 0;
  for (let n = 1; n <= QUESTIONS; n += 1) if (description(n).toLowerCase().includes(search)) count += 1;
  return count;
}

const countText = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`;

/** The in-page timers, as globalThis holds them in the page (functions, not strings: the CSP forbids eval). */
type BenchGlobals = { benchWatch(): void; benchReset(): void; benchTimeTo(text: string): number | null };

/** Loads the in-page timers (questions-search.page.js) into the list page. */
async function watchCount(page: Page): Promise<void> {
  // Evaluated, not added as a script tag: the portal's Content-Security-Policy refuses inline scripts.
  await page.evaluate(readFileSync(fileURLToPath(new URL('./questions-search.page.js', import.meta.url)), 'utf8'));
  await page.evaluate(() => (globalThis as unknown as BenchGlobals).benchWatch());
}

/** Presses a key and returns keydown-to-painted time for the count (and with it the table) showing `expected`. */
async function timedKeystroke(page: Page, key: string, expected: string): Promise<number> {
  await page.evaluate(() => (globalThis as unknown as BenchGlobals).benchReset());
  await page.keyboard.press(key);
  const handle = await page.waitForFunction((text) => (globalThis as unknown as BenchGlobals).benchTimeTo(text), expected, {
    timeout: 10_000,
    polling: 10,
  });
  return (await handle.jsonValue()) as number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

export const benchmark: Benchmark = {
  name: 'questions search (browser)',
  async run(): Promise<BenchRow[]> {
    // A build of its own: other runs may rebuild dist/ meanwhile.
    const dist = mkdtempSync(path.join(tmpdir(), 'quiz-portal-bench-dist-'));
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], { stdio: 'inherit' });
    const server = await startBenchServer({
      env: { STATIC_DIR: dist },
      seed: async (db) => {
        await seedQuestionBank(db, QUESTIONS, { categoryNames: CATEGORY_NAMES, description });
      },
    });
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const { authorization } = await signIn(server.origin);
      const context = await browser.newContext({ baseURL: server.origin });
      await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(authorization.replace(/^Token /, ''))})` });
      const page = await context.newPage();

      const pullStart = performance.now();
      await page.goto('/list-questions');
      await page.getByText(countText(QUESTIONS), { exact: true }).waitFor({ timeout: 120_000 });
      const pullMs = performance.now() - pullStart;

      const openStart = performance.now();
      await page.reload();
      await page.getByText(countText(QUESTIONS), { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByRole('table', { name: 'Questions' }).getByText(description(QUESTIONS), { exact: false }).waitFor();
      const openMs = performance.now() - openStart;

      await watchCount(page);
      await page.getByRole('searchbox', { name: 'Search' }).focus();
      const times: number[] = [];
      for (const word of TYPED) {
        for (let length = 1; length <= word.length; length += 1)
          times.push(await timedKeystroke(page, word[length - 1] ?? '', countText(expectedCount(word.slice(0, length)))));
        for (let length = word.length - 1; length >= 0; length -= 1)
          times.push(await timedKeystroke(page, 'Backspace', countText(expectedCount(word.slice(0, length)))));
      }
      times.sort((a, b) => a - b);
      return [
        { metric: `sync pull fills the mirror with ${QUESTIONS} questions (first open)`, value: Math.round(pullMs), unit: 'ms' },
        { metric: `open List Questions over ${QUESTIONS} mirrored questions (reload)`, value: Math.round(openMs), unit: 'ms' },
        {
          metric: `keystroke to updated table, median (${times.length} keystrokes)`,
          value: Math.round(percentile(times, 0.5) * 10) / 10,
          unit: 'ms',
        },
        {
          metric: 'keystroke to updated table, p95',
          value: Math.round(percentile(times, 0.95) * 10) / 10,
          unit: 'ms',
          budget: { max: 100 },
        },
        { metric: 'keystroke to updated table, slowest', value: Math.round((times.at(-1) ?? NaN) * 10) / 10, unit: 'ms' },
      ];
    } finally {
      await browser.close();
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    }
  },
};
