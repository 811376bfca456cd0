import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, createTenant, signIn, type Tenant } from './support/fixtures';

// The live channel in the portal: List Quiz rows and the quizmaster's control screen follow the
// quiz's live node. Two browser contexts stand for two people; a change made on one must show on the
// other within a second. Each test on a tenant of its own, its MANUAL quiz made through the API.

const LIVE = { timeout: 1000 };

interface Stage {
  tenant: Tenant;
  headers: Record<string, string>;
  quizId: number;
}

async function created<T>(request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A tenant with a started MANUAL quiz "Stage" of three questions One?, Two?, Three?. */
async function startedQuiz(request: APIRequestContext): Promise<Stage> {
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const category = (await created<{ id: number }>(request, headers, '/api/v1/category/', { name: 'General' })).id;
  const questions: number[] = [];
  for (const [description, options] of [
    ['One?', 'A: one, B: two, C: three, D: four'],
    ['Two?', 'A: red, B: blue, C: green, D: gold'],
    ['Three?', 'A: x, B: y, C: z, D: w'],
  ] as const) {
    questions.push(
      (await created<{ id: number }>(request, headers, '/api/v1/questions/', { description, category, options, correct_option: 'A' })).id,
    );
  }
  const quiz = await created<{ id: number }>(request, headers, '/api/v1/quiz/', {
    name: 'Stage',
    mode: 'MANUAL',
    status: 'STARTED',
    questions,
    qs_timer: 30,
    before_qs_timer: 3,
    join_code: '42',
    max_attempt_count: 1,
    start_date_time: '2030-01-01T10:00:00Z',
    end_date_time: '2030-01-01T11:00:00Z',
  });
  return { tenant, headers, quizId: quiz.id };
}

async function signedInPage(browser: Browser, baseURL: string | undefined, tenant: Tenant): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, tenant);
  return page;
}

const quizRow = (page: Page) => page.getByRole('table', { name: 'Quizzes' }).getByRole('row', { name: /^Stage\b/ });
const stageQuestion = (page: Page, n: number) => page.getByText(`Question ${n} of 3`, { exact: true });

async function openControl(page: Page): Promise<void> {
  await page.goto('/list-quiz');
  await quizRow(page).getByRole('link', { name: 'Control Stage' }).click();
  await expect(page.getByRole('heading', { name: 'Control' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
}

test('a step or status change on one screen shows on the other within a second; clicker keys step', async ({
  browser,
  baseURL,
  request,
}) => {
  const stage = await startedQuiz(request);
  const control = await signedInPage(browser, baseURL, stage.tenant);
  const list = await signedInPage(browser, baseURL, stage.tenant);
  await openControl(control);
  await expect(stageQuestion(control, 1)).toBeVisible();
  await expect(control.getByText('One?', { exact: true })).toBeVisible();
  await expect(control.getByRole('listitem').filter({ hasText: 'A: one' })).toBeVisible();
  await expect(control.getByText(/screen (stays|could not be kept|cannot keep)|Keeping the screen/)).toBeVisible();
  await list.goto('/list-quiz');
  await expect(quizRow(list).getByText('1 / 3')).toBeVisible();

  // A change by someone else (REST) reaches both screens through the live node.
  const patched = await request.patch(`/api/v1/quiz/${stage.quizId}/`, { headers: stage.headers, data: { question_no: 2 } });
  expect(patched.status()).toBe(200);
  await expect(quizRow(list).getByText('2 / 3')).toBeVisible();
  await expect(stageQuestion(control, 2)).toBeVisible();
  await expect(control.getByText('Two?', { exact: true })).toBeVisible();

  const next = control.getByRole('button', { name: 'Next', exact: true });
  const previous = control.getByRole('button', { name: 'Previous', exact: true });
  await next.click();
  await expect(quizRow(list).getByText('3 / 3')).toBeVisible(LIVE);
  await expect(next).toBeDisabled();
  await quizRow(list).getByRole('button', { name: 'Previous question of Stage' }).click();
  await expect(stageQuestion(control, 2)).toBeVisible(LIVE);
  await expect(control.getByRole('listitem').filter({ hasText: 'B: blue' })).toBeVisible();

  // Presenter clicker keys on the control screen.
  for (const [key, expected] of [
    ['ArrowLeft', 1],
    ['PageDown', 2],
    ['Space', 3],
    ['PageUp', 2],
    ['ArrowRight', 3],
  ] as const) {
    await expect(expected > 2 || key === 'PageUp' || key === 'ArrowLeft' ? previous : next).toBeEnabled();
    await control.keyboard.press(key);
    await expect(quizRow(list).getByText(`${expected} / 3`)).toBeVisible(LIVE);
    await expect(stageQuestion(control, expected)).toBeVisible();
  }

  await control.getByRole('button', { name: 'Set status: Result Awaited' }).click();
  // A native select: its value is the status code.
  await expect(quizRow(list).getByRole('combobox', { name: 'Status of Stage' })).toHaveValue('RESULT_AWAITED', LIVE);
  await expect(previous).toBeDisabled();
  await quizRow(list).getByRole('combobox', { name: 'Status of Stage' }).selectOption({ label: 'Result Announced' });
  // It cannot be taken back: List Quiz asks first.
  await list.getByRole('dialog', { name: 'Set Stage to Result Announced?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(control.getByText('Status: Result Announced', { exact: true })).toBeVisible(LIVE);
  await expect(control.getByRole('button', { name: 'Set status: Completed' })).toBeEnabled();
  // Past the questions the screen says so: no "Live" badge, no hint about stepping while Started.
  await expect(control.getByRole('status').filter({ hasText: 'No longer live' })).toBeVisible();
  await expect(control.getByText('Questions can be stepped while the quiz is Started.')).toHaveCount(0);
  await expect(control.getByText('The questions are over: they no longer step.')).toBeVisible();
  // While the change is on its way the screen says what it is doing (the server's answer is held here).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await control.route('**/api/v1/quiz/*/', async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  await control.getByRole('button', { name: 'Set status: Completed' }).click();
  await control.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(control.getByRole('status').filter({ hasText: 'Setting the status to Completed…' })).toBeVisible();
  release();
  await expect(control.getByText('Status: Completed', { exact: true })).toBeVisible();
  await expect(control.getByRole('status').filter({ hasText: 'Setting the status to Completed…' })).toHaveCount(0);
  await control.context().close();
  await list.context().close();
});

test('offline: controls disabled with the reason and live updates paused; back online they resume; a failed command says so once', async ({
  browser,
  baseURL,
  request,
}) => {
  const stage = await startedQuiz(request);
  const control = await signedInPage(browser, baseURL, stage.tenant);
  await openControl(control);
  const list = await control.context().newPage();
  await list.goto('/list-quiz');
  await expect(quizRow(list).getByText('1 / 3')).toBeVisible();
  await expect(list.getByText(/Live updates paused/)).toHaveCount(0);

  await control.context().setOffline(true);
  const next = control.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled();
  await expect(control.getByText('Live controls need a connection: they are never queued for later.')).toBeVisible();
  await expect(control.getByRole('status').filter({ hasText: 'Live updates paused' })).toBeVisible();
  await expect(control.getByRole('button', { name: 'Set status: Result Awaited' })).toBeDisabled();
  await expect(list.getByRole('status').filter({ hasText: 'Live updates paused' })).toBeVisible();
  await control.keyboard.press('ArrowRight');

  const patched = await request.patch(`/api/v1/quiz/${stage.quizId}/`, { headers: stage.headers, data: { question_no: 3 } });
  expect(patched.status()).toBe(200);
  await control.context().setOffline(false);
  await expect(stageQuestion(control, 3)).toBeVisible();
  await expect(quizRow(list).getByText('3 / 3')).toBeVisible();
  await expect(control.getByRole('status').filter({ hasText: /^Live$/ })).toBeVisible();
  await expect(list.getByText(/Live updates paused/)).toHaveCount(0);

  let patches = 0;
  await control.route(`**/api/v1/quiz/${stage.quizId}/`, (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    patches += 1;
    return route.fulfill({ status: 500, json: { detail: 'Server exploded' } });
  });
  await control.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(control.getByRole('alert').filter({ hasText: 'There was an error!' })).toBeVisible(LIVE);
  await expect(stageQuestion(control, 3)).toBeVisible();
  await control.waitForTimeout(1500);
  expect(patches).toBe(1);
  await control.context().close();
});

test('the control screen fits a 320 px phone with thumb-sized buttons', async ({ browser, baseURL, request }) => {
  const stage = await startedQuiz(request);
  const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, stage.tenant);
  await page.goto(`/list-quiz/${stage.quizId}/control`);
  await expect(stageQuestion(page, 1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  for (const name of ['Previous', 'Next', 'Set status: Result Awaited']) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(64);
  }
  await context.close();
});
