import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, createTenant, signIn, type Tenant } from './support/fixtures';
import { violations } from './support/axe';
import { workerControls } from './support/offline';

// The player app end to end (docs/decisions.md "Play"), in real Chromium against the real server and live channel:
// an admin steps a MANUAL quiz from the 375 px control screen while three players on 375 px phones (separate
// browser contexts) join, answer and see their results. One player's Wi-Fi drops as they choose: their phone
// keeps the answer, is reloaded while offline (the player shell comes from its service worker) and sends the
// answer when the network is back, 10 s later; it is counted once, with the points of the moment it was chosen.

const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
/** Live changes reach a phone through the live node and one read of the play state. */
const LIVE = { timeout: 10_000 };

interface Game {
  tenant: Tenant;
  headers: Record<string, string>;
  quizId: number;
  quizHash: string;
}

/** The part of the phone's play state (GET /api/v1/play/attempt/) this test reads. */
interface PhoneState {
  quiz: { answer_opens_at: number | null };
  my_answer: { chosen_at: number } | null;
  last_result: { question_no: number; correct: boolean; points: number } | null;
}

/** docs/decisions.md "Play": a correct answer t s into a qs_timer-s window scores round(1000 - 500 t / qs_timer). */
function timedPoints(answerOpensAt: number, stamp: number, qsTimer: number): number {
  const t = Math.min(Math.max(stamp - answerOpensAt, 0), qsTimer * 1000) / 1000;
  return Math.round(1000 - (500 * t) / qsTimer);
}

async function created<T>(request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A tenant with an announced MANUAL quiz "Pub Quiz" of two questions, both answered right by A, join code 42. */
async function announcedQuiz(request: APIRequestContext, qsTimer = 30): Promise<Game> {
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const category = (await created<{ id: number }>(request, headers, '/api/v1/category/', { name: 'General' })).id;
  const questions: number[] = [];
  for (const [description, options] of [
    ['Capital of France?', 'A: Paris, B: Rome, C: Madrid, D: Berlin'],
    ['Largest planet?', 'A: Jupiter, B: Mars, C: Venus, D: Earth'],
  ] as const) {
    questions.push(
      (await created<{ id: number }>(request, headers, '/api/v1/questions/', { description, category, options, correct_option: 'A' })).id,
    );
  }
  const quiz = await created<{ id: number; quiz_hash: string }>(request, headers, '/api/v1/quiz/', {
    name: 'Pub Quiz',
    mode: 'MANUAL',
    status: 'ANNOUNCED',
    questions,
    qs_timer: qsTimer,
    before_qs_timer: 3,
    show_count_down: true,
    show_options: true,
    join_code: '42',
    max_attempt_count: 1,
    start_date_time: '2020-01-01T10:00:00Z',
    end_date_time: '2099-01-01T11:00:00Z',
  });
  return { tenant, headers, quizId: quiz.id, quizHash: quiz.quiz_hash };
}

async function phone(browser: Browser, baseURL: string | undefined, width = 375): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, ...PHONE, viewport: { width, height: 640 } });
  return { context, page: await context.newPage() };
}

async function join(page: Page, quizHash: string, first: string): Promise<void> {
  await page.goto(`/play/${quizHash}`);
  await expect(page.getByRole('heading', { name: 'Pub Quiz' })).toBeVisible();
  await page.getByLabel('Join code').fill('42');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Player');
  await page.getByLabel('Email').fill(`${first.toLowerCase()}@players.test`);
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible(LIVE);
}

async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test('three phones play a MANUAL quiz stepped from the control screen; a dropped answer is counted once with its points', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const game = await announcedQuiz(request);
  const [ana, ben, cai] = await Promise.all([phone(browser, baseURL), phone(browser, baseURL), phone(browser, baseURL)]);
  const players = [ana, ben, cai];

  // A wrong join code is refused with the server's message, on the phone.
  await ana.page.goto(`/play/${game.quizHash}`);
  await ana.page.getByLabel('Join code').fill('99');
  for (const [label, value] of [
    ['First name', 'Ana'],
    ['Last name', 'Player'],
    ['Email', 'ana@players.test'],
    ['Mobile', '+44 7700 900123'],
  ]) {
    await ana.page.getByLabel(label!).fill(value!);
  }
  await ana.page.getByRole('button', { name: 'Join' }).click();
  await expect(ana.page.getByRole('alert')).toContainText('join code');
  expect(await violations(ana.page), 'the join form').toEqual([]);

  await join(ana.page, game.quizHash, 'Ana');
  await join(ben.page, game.quizHash, 'Ben');
  await join(cai.page, game.quizHash, 'Cai');
  for (const { page } of players) await fitsTheScreen(page);
  await expect(cai.page.getByText('3 players joined')).toBeVisible(LIVE);
  // Cai's phone must have its worker before the Wi-Fi drops, or a reload would have nothing to load.
  await workerControls(cai.page);

  // The host, on a phone too, starts the quiz from the control screen.
  const host = await browser.newContext({ baseURL, ...PHONE });
  const control = await host.newPage();
  await signIn(control, game.tenant);
  await control.goto(`/list-quiz/${game.quizId}/control`);
  await control.getByRole('button', { name: 'Set status: Activated' }).click();
  await control.getByRole('button', { name: 'Set status: Started' }).click();

  // Question 1: the alert, then the question with four large options.
  for (const { page } of players) await expect(page.getByRole('heading', { name: 'Capital of France?' })).toBeVisible(LIVE);
  for (const { page } of players) {
    const box = await page.getByRole('button', { name: 'A: Paris' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    await fitsTheScreen(page);
  }
  expect(await violations(ana.page), 'the question').toEqual([]);
  await ana.page.getByRole('button', { name: 'B: Rome' }).click();
  await ben.page.getByRole('button', { name: 'A: Paris' }).click();
  await expect(ana.page.getByRole('status').filter({ hasText: 'Your answer B: Counted' })).toBeVisible(LIVE);
  await expect(ben.page.getByRole('status').filter({ hasText: 'Your answer A: Counted' })).toBeVisible(LIVE);

  // Cai's Wi-Fi drops as they choose: the phone keeps the answer, and keeps it across a reload while offline.
  await cai.context.setOffline(true);
  const clickedFrom = Date.now();
  await cai.page.getByRole('button', { name: 'A: Paris' }).click();
  const clickedTo = Date.now();
  const saved = cai.page.getByRole('status').filter({ hasText: 'Your answer A: Saved on this phone, sending…' });
  await expect(saved).toBeVisible();
  await cai.page.reload();
  await expect(cai.page.getByRole('heading', { name: 'Capital of France?' })).toBeVisible();
  await expect(saved).toBeVisible();
  await cai.page.waitForTimeout(10_000);
  const backOnline = Date.now();
  await cai.context.setOffline(false);

  // Everybody answered: the round is revealed. Cai's answer counts with the points of the moment chosen, not of
  // its arrival 10 s later (which would cost about 167 points in a 30-s window).
  await expect(cai.page.getByRole('heading', { name: 'Right!' })).toBeVisible({ timeout: 30_000 });
  const caiPoints = Number(/\+(\d+) points/.exec((await cai.page.getByText(/^\+\d+ points$/).textContent()) ?? '')?.[1]);
  const caiState = await cai.page.evaluate(async (hash) => {
    const session = JSON.parse(localStorage.getItem(`play:quiz:${hash}:session`) ?? '{}') as { token: string };
    const response = await fetch('/api/v1/play/attempt/', { headers: { Authorization: `Participant ${session.token}` } });
    return (await response.json()) as PhoneState;
  }, game.quizHash);
  const stamp = caiState.my_answer!.chosen_at;
  // The server and the browser share this machine's clock.
  expect(stamp).toBeGreaterThanOrEqual(clickedFrom - 1500);
  expect(stamp).toBeLessThanOrEqual(clickedTo + 1500);
  expect(stamp).toBeLessThan(backOnline - 9000);
  expect(caiPoints).toBe(timedPoints(caiState.quiz.answer_opens_at!, stamp, 30));
  expect(caiState.last_result).toMatchObject({ question_no: 1, correct: true, points: caiPoints });
  await expect(ben.page.getByRole('heading', { name: 'Right!' })).toBeVisible(LIVE);
  await expect(ana.page.getByRole('heading', { name: 'Wrong' })).toBeVisible(LIVE);
  await expect(ana.page.getByText('+0 points')).toBeVisible();

  // Question 2, then the end: results, ranks and the top ten on every phone.
  await control.getByRole('button', { name: 'Next', exact: true }).click();
  for (const { page } of players) await expect(page.getByRole('heading', { name: 'Largest planet?' })).toBeVisible(LIVE);
  for (const { page } of players) await page.getByRole('button', { name: 'A: Jupiter' }).click();
  for (const { page } of players) await expect(page.getByRole('heading', { name: 'Right!' })).toBeVisible({ timeout: 30_000 });
  await control.getByRole('button', { name: 'Set status: Result Awaited' }).click();
  for (const { page } of players) await expect(page.getByRole('heading', { name: 'Waiting for the results…' })).toBeVisible(LIVE);
  await control.getByRole('button', { name: 'Set status: Result Announced' }).click();
  await control.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  for (const { page } of players) {
    await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible(LIVE);
    await expect(page.getByRole('table', { name: 'Top ten' }).getByRole('row')).toHaveCount(4, LIVE);
    await fitsTheScreen(page);
  }
  expect(await violations(ana.page), 'the results').toEqual([]);
  // Ana missed question 1: last of three.
  await expect(ana.page.getByText('Your rank').locator('xpath=following-sibling::dd')).toHaveText('3');

  for (const { context } of players) await context.close();
  await host.close();
});

test('two phones vote in a poll with its join code: one vote each, results shown live as the poll allows', async ({
  browser,
  baseURL,
  request,
}) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const poll = await created<{ id: number; link_key: string }>(request, headers, '/api/v1/poll-list/', {
    name: 'Best snack',
    join_code: '4321',
    show_options: true,
    show_total_votes: true,
    active: true,
  });
  for (const name of ['Crisps', 'Nuts']) await created(request, headers, '/api/v1/poll-choices/', { name, question: poll.id });

  // The smallest phone the product supports, and a common one.
  const [first, second] = await Promise.all([phone(browser, baseURL, 320), phone(browser, baseURL)]);
  for (const { page } of [first, second]) {
    await page.goto(`/play/poll/${poll.link_key}`);
    await expect(page.getByRole('heading', { name: 'Best snack' })).toBeVisible();
    await page.getByLabel('Join code').fill('4321');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page.getByRole('group', { name: 'Choices' })).toBeVisible();
    await fitsTheScreen(page);
  }
  await first.page.getByRole('button', { name: 'Nuts' }).click();
  await expect(first.page.getByRole('heading', { name: 'Thanks for voting' })).toBeVisible();
  await expect(first.page.getByText('Total votes: 1')).toBeVisible();
  await second.page.getByRole('button', { name: 'Nuts' }).click();
  // The first phone hears of the second vote through the live node.
  await expect(first.page.getByText('Total votes: 2')).toBeVisible(LIVE);
  await expect(first.page.getByRole('listitem').filter({ hasText: 'Nuts' })).toContainText('2 votes');

  // One vote per phone: a reload shows the vote, not the choices.
  await second.page.reload();
  await expect(second.page.getByRole('heading', { name: 'Thanks for voting' })).toBeVisible();
  await expect(second.page.getByRole('button', { name: 'Crisps' })).toHaveCount(0);
  const choices = await request.get(`/api/v1/poll-choices/?question=${poll.id}`, { headers });
  expect(choices.status()).toBe(200);
  for (const { context } of [first, second]) await context.close();
});

test('an answer held back offline until 15 s after the question closed is refused, with the reason on the phone', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const game = await announcedQuiz(request, 5);
  const player = await phone(browser, baseURL);
  await join(player.page, game.quizHash, 'Dee');
  await workerControls(player.page);
  for (const status of ['ACTIVATED', 'STARTED']) {
    const moved = await request.patch(`/api/v1/quiz/${game.quizId}/`, { headers: game.headers, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await expect(player.page.getByRole('heading', { name: 'Capital of France?' })).toBeVisible(LIVE);
  await player.context.setOffline(true);
  await player.page.getByRole('button', { name: 'A: Paris' }).click();
  await expect(player.page.getByRole('status').filter({ hasText: 'Saved on this phone, sending…' })).toBeVisible();
  // 5 s of answering, then the 15 s a late answer may still arrive in, and a margin: the answer gains nothing.
  await player.page.waitForTimeout(23_000);
  await player.context.setOffline(false);
  await expect(
    player.page.getByRole('status').filter({ hasText: 'Too late: this question closed before your answer arrived.' }),
  ).toBeVisible(LIVE);
  await expect(player.page.getByRole('heading', { name: 'No answer' })).toBeVisible(LIVE);
  await expect(player.page.getByText('+0 points')).toBeVisible();
  await player.context.close();
});
