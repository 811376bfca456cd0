import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import {
  categoryReferences,
  dropQuestion,
  filterByCategory,
  initialPicker,
  moveChecked,
  type PickerQuestion,
} from '../../src/portal/features/quizzes/question-picker';
import { chromiumLaunchOptions } from '../e2e/support/browser';
import { startBenchServer } from './support/bench-server';
import { seedQuestionBank, signIn } from './support/tenant';
import type { Benchmark, BenchRow } from './types';

// The quiz form's question picker with 10,000 questions: filtering the All list by category and
// moving 50 checked items to Selected, budget 100 ms each. Measured twice: the picker's pure functions in
// Node (median of many runs), and the real screen in Chromium on the built portal, in the page from the
// click to the first frame after the updated list is in the document.

const QUESTIONS = 10_000;
const CATEGORIES = 20;
const MOVED = 50;
const RUNS = 50;
const SCREEN_RUNS = 5;
const MOVE_ROUNDS = 3;
const BUDGET = { max: 100 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function time(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

/** The pure picker over a bank like the screen's: 10,000 keys, 20 categories, 3 of them chosen. */
function pureFigures(): BenchRow[] {
  const keys = Array.from({ length: QUESTIONS }, (_, index) => `s-${index + 1}`);
  const questions = new Map<string, PickerQuestion>(keys.map((key, index) => [key, { localId: key, category: (index % CATEGORIES) + 1 }]));
  const chosen = [1, 7, 13].map((id) => ({ localId: `s-c${id}`, serverId: id }));
  const filtering: number[] = [];
  const moving: number[] = [];
  const dropping: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const state = initialPicker(keys, []);
    let firstPage: string[] = [];
    filtering.push(time(() => (firstPage = filterByCategory(state.all, questions, categoryReferences(chosen)).slice(0, 10))));
    if (firstPage.length !== 10) throw new Error('the filter found no page of questions');
    // The 50 checked items are spread over the whole bank, the worst case for the move.
    const checked = new Set(Array.from({ length: MOVED }, (_, index) => keys[index * (QUESTIONS / MOVED)]!));
    let moved = state;
    moving.push(time(() => (moved = moveChecked(state, 'all', checked))));
    if (moved.selected.length !== MOVED) throw new Error('the move lost items');
    dropping.push(time(() => dropQuestion(moved, keys[QUESTIONS - 1]!, 'selected', moved.selected[0]!)));
  }
  return [
    {
      metric: `pure: filter ${QUESTIONS} questions by 3 categories + first page (median of ${RUNS})`,
      value: median(filtering),
      unit: 'ms',
      budget: BUDGET,
    },
    { metric: `pure: move ${MOVED} checked items to Selected (median of ${RUNS})`, value: median(moving), unit: 'ms', budget: BUDGET },
    { metric: `pure: drop one item across lists (median of ${RUNS})`, value: median(dropping), unit: 'ms', budget: BUDGET },
  ];
}

// Code that runs in the page is given as source text: tests/bench compiles without the DOM library, and tsx
// would wrap named functions in a helper that does not exist in the page.

// (As an expression, not waitForFunction: the portal's Content Security Policy forbids evaluating strings.)
async function waitForText(page: Page, text: string): Promise<void> {
  await page.evaluate(`new Promise((resolve, reject) => {
    const wanted = ${JSON.stringify(text)};
    if (document.body.innerText.includes(wanted)) return resolve();
    const observer = new MutationObserver(() => {
      if (!document.body.innerText.includes(wanted)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => reject(new Error(wanted + ' did not show within 60 s')), 60000);
  })`);
}

/** Records, in the page, when the next click happens (capture phase: before any handler runs). */
async function markNextClick(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.benchClickAt = undefined;
    document.addEventListener('click', () => { window.benchClickAt = performance.now(); }, { capture: true, once: true });
  })()`);
}

/**
 * Milliseconds from the marked click to the first frame after the page shows `text`, measured in the page
 * (a mutation observer sees the update, the next animation frame is when it can be painted).
 */
async function sinceClickUntil(page: Page, text: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const wanted = ${JSON.stringify(text)};
    const clickedAt = window.benchClickAt ?? Number.NaN;
    const done = () => requestAnimationFrame(() => resolve(performance.now() - clickedAt));
    if (document.body.innerText.includes(wanted)) return done();
    const observer = new MutationObserver(() => {
      if (!document.body.innerText.includes(wanted)) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => reject(new Error(wanted + ' did not show within 30 s')), 30000);
  })`);
}

/** The real form in Chromium: the filter's and the arrow's effect on screen, from the click. */
async function screenFigures(): Promise<BenchRow[]> {
  const dist = path.resolve('dist');
  if (!existsSync(path.join(dist, 'index.html'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = await startBenchServer({
    env: { STATIC_DIR: dist },
    seed: async (db) => {
      await seedQuestionBank(db, QUESTIONS, {
        categoryNames: Array.from({ length: CATEGORIES }, (_, index) => `Category ${String(index + 1).padStart(2, '0')}`),
      });
    },
  });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const { authorization } = await signIn(server.origin);
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(authorization.replace(/^Token /, ''))})` });
    const page = await context.newPage();
    await page.goto('/add-quiz');
    await waitForText(page, `${QUESTIONS} questions`);

    // The dropdown stays open: each run chooses a category, then unchooses it (back to all questions).
    const filtering: number[] = [];
    await page.getByRole('combobox', { name: 'Category', exact: true }).click();
    for (let run = 0; run < SCREEN_RUNS; run += 1) {
      const option = page.getByRole('option', { name: `Category ${String(run + 1).padStart(2, '0')}`, exact: true });
      await option.waitFor();
      await markNextClick(page);
      await option.click();
      filtering.push(await sinceClickUntil(page, `${QUESTIONS / CATEGORIES} questions`));
      await option.click();
      await waitForText(page, `${QUESTIONS} questions`);
    }
    await page.keyboard.press('Escape');

    // Each round checks 50 items on five pages of All and moves them to Selected, then checks
    // them in Selected and moves them back (the checking is not measured, only the arrow's effect).
    const all = page.getByRole('region', { name: 'All Questions' });
    const selected = page.getByRole('region', { name: 'Selected Questions' });
    const moving: number[] = [];
    for (let round = 0; round < MOVE_ROUNDS; round += 1) {
      for (let pageNumber = 1; pageNumber <= MOVED / 10; pageNumber += 1) {
        for (const checkbox of await all.getByRole('checkbox').all()) await checkbox.check();
        await page.getByRole('navigation', { name: 'All Questions pages' }).getByRole('button', { name: 'Next page' }).click();
      }
      await markNextClick(page);
      await page.getByRole('button', { name: 'Move checked to Selected Questions' }).click();
      moving.push(await sinceClickUntil(page, `${MOVED} selected`));
      for (const checkbox of await selected.getByRole('checkbox').all()) await checkbox.check();
      await markNextClick(page);
      await page.getByRole('button', { name: 'Move checked to All Questions' }).click();
      moving.push(await sinceClickUntil(page, '0 selected'));
    }
    return [
      {
        metric: `screen: filter ${QUESTIONS} questions by a category, click to next frame (median of ${SCREEN_RUNS})`,
        value: median(filtering),
        unit: 'ms',
        budget: BUDGET,
      },
      {
        metric: `screen: move ${MOVED} checked items either way, click to next frame (median of ${moving.length})`,
        value: median(moving),
        unit: 'ms',
        budget: BUDGET,
      },
      { metric: `screen: move ${MOVED} checked items, slowest`, value: Math.max(...moving), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

export const benchmark: Benchmark = {
  name: 'quiz question picker',
  async run() {
    return [...pureFigures(), ...(await screenFigures())];
  },
};
