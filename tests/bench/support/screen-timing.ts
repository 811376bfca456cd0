import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from './production-portal';

// Timing a live change from one screen to another (the control screen's Next to List Quiz or the stage), in
// wall-clock ms shared by both pages: the pressing page records its keydown, the watching page the moment a
// matching element shows the expected text. Evaluated as text: tests/bench compiles without the DOM library.

export const PRESS_RECORDER = `(() => {
  globalThis.benchPressedAt = 0;
  addEventListener('keydown', () => { globalThis.benchPressedAt = Date.now(); }, { capture: true });
})()`;

/** Sets globalThis.benchSeenAt once an element matching `selector` reads `text`. */
export const watchFor = (selector: string, text: string) => `(() => {
  globalThis.benchSeenAt = 0;
  const seen = () => Array.from(document.querySelectorAll(${JSON.stringify(selector)})).some((element) => element.textContent === ${JSON.stringify(text)});
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    globalThis.benchSeenAt = Date.now();
    observer.disconnect();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

/** Presses the clicker's ArrowRight on `control` and resolves with the ms until `watcher` saw the change. */
export async function timedPress(control: Page, watcher: Page, selector: string, text: string): Promise<number> {
  await watcher.evaluate(watchFor(selector, text));
  await control.keyboard.press('ArrowRight');
  // A function, not a string: the portal's CSP forbids evaluating strings in the page.
  await watcher.waitForFunction(() => (globalThis as unknown as { benchSeenAt: number }).benchSeenAt > 0, undefined, {
    timeout: 5000,
    polling: 20,
  });
  const seenAt = (await watcher.evaluate('globalThis.benchSeenAt')) as number;
  const pressedAt = (await control.evaluate('globalThis.benchPressedAt')) as number;
  return seenAt - pressedAt;
}

async function post<T>(origin: string, headers: Record<string, string>, pathname: string, body: unknown): Promise<T> {
  const response = await fetch(`${origin}${pathname}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo admin's token and a started MANUAL quiz "Bench stage" of `questions` questions, 30 s each. */
export async function startedBenchQuiz(
  origin: string,
  options: { questions: number; beforeQuestionSeconds: number; questionText: (n: number) => string; optionsText: string },
): Promise<{ token: string; quizId: number }> {
  const { key } = await post<{ key: string }>(origin, { 'content-type': 'application/json' }, '/api/v1/accounts/login/', DEMO_ADMIN);
  const headers = { authorization: `Token ${key}`, 'content-type': 'application/json' };
  const category = await post<{ id: number }>(origin, headers, '/api/v1/category/', { name: 'Bench stage' });
  const questions: number[] = [];
  for (let n = 1; n <= options.questions; n += 1) {
    const data = { description: options.questionText(n), category: category.id, options: options.optionsText, correct_option: 'A' };
    questions.push((await post<{ id: number }>(origin, headers, '/api/v1/questions/', data)).id);
  }
  const quiz = await post<{ id: number }>(origin, headers, '/api/v1/quiz/', {
    name: 'Bench stage',
    mode: 'MANUAL',
    status: 'STARTED',
    questions,
    qs_timer: 30,
    before_qs_timer: options.beforeQuestionSeconds,
    join_code: '77',
    max_attempt_count: 1,
    start_date_time: '2030-01-01T10:00:00Z',
    end_date_time: '2030-01-01T11:00:00Z',
  });
  return { token: key, quizId: quiz.id };
}
