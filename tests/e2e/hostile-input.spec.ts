import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { createTenant, dataDir, signIn, type Tenant } from './support/fixtures';
import { createCategory, createQuestion, tenantApi, type TenantApi } from './support/questions';

// Hostile input: names and texts carrying HTML and script, stored by someone else, are shown as the
// literal text wherever the portal shows them; nothing runs (no dialog) and no element is injected.

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const SVG = '"><svg onload=alert(3)>';

const CATEGORY = `Cat ${IMG}`;
const DESCRIPTION = `Question ${SCRIPT}`;
const HINT = `Hint ${SVG}`;
const OPTION_A = `Alpha ${IMG}`;
const QUIZ = `Quiz ${SVG}`;
const POLL = `Poll ${IMG}`;
const CHOICE = `Choice ${SCRIPT}`;
const VIEWER = { first: `First ${IMG}`, last: `Last ${SVG}`, username: `user ${SCRIPT}` };

interface Seeded {
  tenant: Tenant;
  quiz: number;
  poll: number;
}

async function created(api: TenantApi, url: string, body: { multipart?: Record<string, string>; data?: unknown }): Promise<number> {
  const response = await api.request.post(url, { headers: api.headers, ...body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A tenant whose every kind of row carries hostile text, seeded through the API (viewers through the database). */
async function seed(page: Page): Promise<Seeded> {
  const tenant = await createTenant(page.request, { poll_enabled: true });
  const api = await tenantApi(page.request, tenant);
  const category = await createCategory(api, CATEGORY);
  const question = await createQuestion(api, category, DESCRIPTION, {
    options: `A: ${OPTION_A}, B: Beta, C: Gamma, D: Delta`,
    correct_option: 'A',
  });
  await api.request.patch(`/api/v1/questions/${question}/`, { headers: api.headers, data: { hint: HINT } });
  const quiz = await created(api, '/api/v1/quiz/', {
    data: {
      name: QUIZ,
      description: `About ${SCRIPT}`,
      mode: 'MANUAL',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: '77',
      max_attempt_count: 1,
      start_date_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_date_time: new Date(Date.now() + 86_400_000).toISOString(),
      questions: [question],
    },
  });
  const poll = await created(api, '/api/v1/poll-list/', { multipart: { name: POLL, join_code: '78' } });
  await created(api, '/api/v1/poll-choices/', { data: { name: CHOICE, votes: 2, question: poll } });
  expect((await page.request.post('/api/__test__/attempts', { data: { quiz, count: 1 } })).status()).toBe(201);
  // The viewer app (not part of this project) fills in viewers; here the test writes the hostile profile itself.
  const db = new Database(path.join(dataDir(), 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update viewers set username = ?, first_name = ?, last_name = ? where client_id = ?').run(
      VIEWER.username,
      VIEWER.first,
      VIEWER.last,
      tenant.clientId,
    );
  } finally {
    db.close();
  }
  return { tenant, quiz, poll };
}

/** Fails the test on any dialog (alert, confirm) the page opens: none is expected while hostile text is shown. */
function failOnDialog(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Elements the payloads would create if parsed as HTML: none may exist. */
async function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], script:not([src])'))
      .filter((element) => !(element instanceof HTMLScriptElement && element.type === 'application/ld+json'))
      .map((element) => element.outerHTML.slice(0, 80)),
  );
}

async function expectShownAsText(page: Page, texts: string[], where: string): Promise<void> {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first(), `${text} on ${where}`).toBeVisible();
  expect(await injectedElements(page), where).toEqual([]);
}

test('hostile names and texts are shown as text on every screen that shows them, in the CSVs too', async ({ page }) => {
  test.setTimeout(90_000);
  const dialogs = failOnDialog(page);
  const { tenant, quiz, poll } = await seed(page);
  await signIn(page, tenant);

  await page.goto('/add-category');
  await expectShownAsText(page, [CATEGORY], '/add-category');

  await page.goto('/list-questions');
  await expectShownAsText(page, [DESCRIPTION, CATEGORY], '/list-questions');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const questionsCsv = await readFile((await (await download).path()) ?? '', 'utf8');
  for (const text of [CATEGORY, DESCRIPTION, HINT, OPTION_A]) expect(questionsCsv).toContain(text.replaceAll('"', '""'));

  await page
    .getByRole('table', { name: 'Questions' })
    .getByRole('link', { name: new RegExp('^Edit ') })
    .first()
    .click();
  await expect(page.getByLabel('Description')).toHaveValue(DESCRIPTION);
  await expect(page.getByLabel('Hint')).toHaveValue(HINT);
  expect(await injectedElements(page), 'question form').toEqual([]);

  await page.goto('/add-question');
  // A native select: choosing the option by its label proves the label is the literal text.
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: CATEGORY });
  expect(await injectedElements(page), 'category select').toEqual([]);

  await page.goto(`/add-quiz/${quiz}/update`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(QUIZ);
  await expectShownAsText(page, [DESCRIPTION], 'quiz picker');

  await page.goto('/list-quiz');
  await expectShownAsText(page, [QUIZ], '/list-quiz');

  await page.goto('/dashboard');
  await expectShownAsText(page, [QUIZ], '/dashboard');

  await page.goto('/quiz-report');
  await expectShownAsText(page, [QUIZ], '/quiz-report');
  const attemptsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV Export' }).click();
  const attemptsCsv = await readFile((await (await attemptsDownload).path()) ?? '', 'utf8');
  expect(attemptsCsv).toContain(QUIZ.replaceAll('"', '""'));

  await page.goto('/viewers-data');
  await expectShownAsText(page, [VIEWER.username, VIEWER.first, VIEWER.last], '/viewers-data');

  await page.goto('/list-polls');
  await expectShownAsText(page, [POLL], '/list-polls');
  await page.goto(`/list-polls/${poll}/update`);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(POLL);
  await expectShownAsText(page, [CHOICE], 'poll choices');

  expect(dialogs).toEqual([]);
});

test('a hostile server answer is shown as text in the notification and on the Sync screen', async ({ page }) => {
  const dialogs = failOnDialog(page);
  const tenant = await createTenant(page.request);
  await signIn(page, tenant);
  await page.route('**/api/v1/category/', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ name: [`Bad ${IMG}`], non_field_errors: [`Refused ${SVG}`] }),
    });
  });
  await page.goto('/add-category');
  const form = page.getByRole('form', { name: 'Add category' });
  await form.getByLabel('Name').fill(`New ${SCRIPT}`);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expectShownAsText(page, [`Refused ${SVG}`], 'failed change notification');

  await page.goto('/sync');
  await expectShownAsText(page, [`New ${SCRIPT}`, `Bad ${IMG}`], '/sync');
  expect(dialogs).toEqual([]);
});
