import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, createTenant, signIn } from './support/fixtures';
import { dragTo, field, localDay } from './support/quiz-form';
import { goOffline } from './support/offline';

// A quiz built offline from a question created offline (docs/decisions.md "Offline"): it waits in the outbox with its
// Selected order, survives a reload, keeps an offline edit, and reaches the server in one go with server
// ids in the right order. Live controls stay disabled offline and say why.

type Headers = Record<string, string>;

async function post(request: APIRequestContext, headers: Headers, path: string, data: unknown): Promise<number> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function serverRows<T>(request: APIRequestContext, headers: Headers, path: string): Promise<T[]> {
  return ((await (await request.get(`${path}?page_size=1000`, { headers })).json()) as { results: T[] }).results;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const quizRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Quizzes' }).getByRole('row', { name: new RegExp(`^${name}\\b`) });

test('offline: a quiz built from a question created offline waits, survives a reload and syncs in its order', async ({
  page,
  context,
  request,
}) => {
  // Two offline screens, a reload and a sync: longer than the suite's default.
  test.setTimeout(90_000);
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const general = await post(request, headers, '/api/v1/category/', { name: 'General' });
  const onServer = await post(request, headers, '/api/v1/questions/', {
    description: 'Server one?',
    category: general,
    options: 'A: 1, B: 2, C: 3, D: 4',
    correct_option: 'A',
  });
  await post(request, headers, '/api/v1/quiz/', {
    name: 'Live one',
    mode: 'MANUAL',
    status: 'STARTED',
    qs_timer: 10,
    before_qs_timer: 1,
    join_code: '9',
    max_attempt_count: 1,
    start_date_time: new Date().toISOString(),
    end_date_time: new Date(Date.now() + 86_400_000).toISOString(),
    questions: [onServer],
  });
  await signIn(page, tenant);
  await page.goto('/add-quiz');
  await expect(section(page, 'All Questions').getByRole('checkbox', { name: 'Server one?' })).toBeVisible();

  await goOffline(page, context);
  await page.goto('/add-question');
  const question = page.getByRole('form', { name: 'Add question' });
  await question.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'General' });
  await question.getByLabel('Description').fill('Offline two?');
  for (const letter of ['A', 'B', 'C', 'D']) await question.getByRole('textbox', { name: `Option ${letter}` }).fill(`Answer ${letter}`);
  await question.getByRole('radio', { name: 'B' }).check();
  await question.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);

  await page.getByRole('link', { name: 'Add new Quiz' }).click();
  await field(page, 'Name').fill('Built offline');
  await page.getByRole('combobox', { name: 'Mode', exact: true }).click();
  await page.getByRole('option', { name: 'MANUAL', exact: true }).click();
  await field(page, 'Question Timer').fill('20');
  await field(page, 'Before Question Timer').fill('2');
  await field(page, 'Join Code').fill('55');
  for (const [label, value] of [
    ['Start Date', localDay(1)],
    ['End Date', localDay(2)],
  ] as const) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await page.getByRole('textbox', { name: label, exact: true }).press('Tab');
  }
  await field(page, 'Start Time').fill('19:00');
  await field(page, 'End Time').fill('21:00');
  const all = section(page, 'All Questions');
  await all.getByRole('checkbox', { name: 'Server one?' }).check();
  await all.getByRole('checkbox', { name: 'Offline two?' }).check();
  await page.getByRole('button', { name: 'Move checked to Selected Questions' }).click();
  const selected = section(page, 'Selected Questions');
  // The question not yet on the server lists first (newest); a drag puts the server's question first.
  await expect(selected.getByRole('listitem')).toHaveText([/Offline two/, /Server one/]);
  await dragTo(
    page,
    selected.getByRole('button', { name: 'Drag Server one?' }),
    selected.getByRole('button', { name: 'Drag Offline two?' }),
  );
  await expect(selected.getByRole('listitem')).toHaveText([/Server one/, /Offline two/]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await expect(quizRow(page, 'Built offline')).toContainText('Waiting to sync');

  // Live controls are disabled offline, and say why.
  await expect(page.getByText('Live controls need a connection: they are never queued for later.')).toBeVisible();
  await expect(quizRow(page, 'Live one').getByRole('button', { name: 'Next question of Live one' })).toBeDisabled();
  await expect(quizRow(page, 'Live one').getByRole('combobox', { name: 'Status of Live one' })).toBeDisabled();

  await quizRow(page, 'Built offline').getByRole('link', { name: 'Edit Built offline' }).click();
  await expect(page).toHaveURL(/\/add-quiz\/local-[^/]+\/update$/);
  await expect(section(page, 'Selected Questions').getByRole('listitem')).toHaveText([/Server one/, /Offline two/]);
  await field(page, 'Name').fill('Built offline, edited');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(quizRow(page, 'Built offline, edited')).toContainText('Waiting to sync');

  await page.reload();
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await expect(quizRow(page, 'Built offline, edited')).toContainText('Waiting to sync');
  expect((await serverRows<{ name: string }>(request, headers, '/api/v1/quiz/')).map((row) => row.name)).toEqual(['Live one']);

  await context.setOffline(false);
  await expect(quizRow(page, 'Built offline, edited')).not.toContainText('Waiting to sync', { timeout: 20_000 });
  const questions = await serverRows<{ id: number; description: string }>(request, headers, '/api/v1/questions/');
  const offlineQuestion = questions.find((row) => row.description === 'Offline two?');
  expect(offlineQuestion).toBeDefined();
  const quizzes = await serverRows<{ id: number; name: string; questions: number[] }>(request, headers, '/api/v1/quiz/');
  const built = quizzes.find((row) => row.name === 'Built offline, edited');
  expect(built?.questions).toEqual([onServer, offlineQuestion?.id]);
  await expect(quizRow(page, 'Built offline, edited').getByRole('link', { name: 'Edit Built offline, edited' })).toHaveAttribute(
    'href',
    `/add-quiz/${built?.id}/update`,
  );
  await expect(quizRow(page, 'Live one').getByRole('button', { name: 'Next question of Live one' })).toBeDisabled();
  await expect(quizRow(page, 'Live one').getByRole('combobox', { name: 'Status of Live one' })).toBeEnabled();
});
