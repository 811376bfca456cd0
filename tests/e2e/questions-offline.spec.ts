import { expect, test, type Page } from '@playwright/test';
import { createTenant, signIn } from './support/fixtures';
import { chooseImage, createCategory, createQuestion, PNG, serverCategories, serverQuestions, tenantApi } from './support/questions';
import { goOffline } from './support/offline';

// The question bank offline (docs/decisions.md "Offline"): a question with an image, in a category created offline, an edit and a
// bulk delete wait in the outbox (rows marked), survive a reload, and reach the server in one go when back online.

const table = (page: Page) => page.getByRole('table', { name: 'Questions' });
const questionRow = (page: Page, description: string) => table(page).getByRole('row').filter({ hasText: description });

test('offline: a question with an image in a new category, an edit and a bulk delete wait, then sync', async ({
  page,
  context,
  request,
}) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const existing = await createCategory(api, 'Existing');
  for (const description of ['Keep me', 'Drop one', 'Drop two']) await createQuestion(api, existing, description);
  await signIn(page, tenant);
  await page.goto('/list-questions');
  await expect(questionRow(page, 'Drop two')).toBeVisible();

  await goOffline(page, context);
  await page.goto('/add-category');
  const addCategory = page.getByRole('form', { name: 'Add category' });
  await addCategory.getByLabel('Name').fill('Made Offline');
  await addCategory.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: /Made Offline/ })).toContainText('Waiting to sync');

  await page.getByRole('link', { name: 'Add new Question' }).click();
  const form = page.getByRole('form', { name: 'Add question' });
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Made Offline' });
  await form.getByLabel('Description').fill('Asked offline?');
  for (const letter of ['A', 'B', 'C', 'D']) await form.getByRole('textbox', { name: `Option ${letter}` }).fill(`Answer ${letter}`);
  await form.getByRole('radio', { name: 'D' }).check();
  await chooseImage(page, 'Sponsor Image', PNG);
  await expect(form.getByRole('img', { name: 'Sponsor Image preview' })).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect(questionRow(page, 'Asked offline?')).toContainText('Waiting to sync');
  await expect(questionRow(page, 'Asked offline?')).toContainText('Made Offline');

  await table(page).getByRole('link', { name: 'Edit Keep me' }).click();
  await page.getByLabel('Hint').fill('Edited offline');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(questionRow(page, 'Keep me')).toContainText('Waiting to sync');

  await table(page).getByRole('checkbox', { name: 'Select Drop one' }).check();
  await table(page).getByRole('checkbox', { name: 'Select Drop two' }).check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await page.getByRole('dialog', { name: 'Delete Selected' }).getByRole('button', { name: 'Delete' }).click();
  await expect(questionRow(page, 'Drop one')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await expect(questionRow(page, 'Asked offline?')).toContainText('Waiting to sync');
  await expect(questionRow(page, 'Keep me')).toContainText('Waiting to sync');
  await expect(questionRow(page, 'Drop two')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '4 waiting' })).toBeVisible();
  expect((await serverQuestions(api)).map((question) => question.description)).toEqual(['Drop two', 'Drop one', 'Keep me']);

  await context.setOffline(false);
  await expect(table(page).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  const categories = await serverCategories(api);
  const madeOffline = categories.find((category) => category.name === 'Made Offline');
  expect(madeOffline).toBeDefined();
  // Deleted rows carry no "Waiting to sync" marker, so the bulk delete (queued last) may still be on its way.
  await expect
    .poll(async () => (await serverQuestions(api)).map((question) => question.description), { timeout: 20_000 })
    .toEqual(['Asked offline?', 'Keep me']);
  const questions = await serverQuestions(api);
  expect(questions[0]).toMatchObject({
    category: madeOffline?.id,
    correct_option: 'D',
    options: 'A: Answer A, B: Answer B, C: Answer C, D: Answer D',
  });
  expect(questions[0]?.image).toMatch(/\.png$/);
  expect(questions[1]?.hint).toBe('Edited offline');
  const image = await request.get(questions[0]?.image ?? '');
  expect(image.headers()['content-type']).toBe('image/png');
  await expect(table(page).getByRole('link', { name: 'Edit Asked offline?' })).toHaveAttribute(
    'href',
    `/list-questions/${questions[0]?.id}/update`,
  );
});

test("a question the server refuses shows the server's message under the matching field, and can be fixed", async ({
  page,
  context,
  request,
}) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const doomed = await createCategory(api, 'Doomed');
  await createCategory(api, 'Alive');
  await signIn(page, tenant);
  await page.goto('/add-question');
  await expect(page.getByRole('option', { name: 'Doomed' })).toBeAttached();
  await goOffline(page, context);

  const form = page.getByRole('form', { name: 'Add question' });
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Doomed' });
  await form.getByLabel('Description').fill('Orphaned question?');
  for (const letter of ['A', 'B', 'C', 'D']) await form.getByRole('textbox', { name: `Option ${letter}` }).fill(`Answer ${letter}`);
  await form.getByRole('radio', { name: 'A' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(questionRow(page, 'Orphaned question?')).toContainText('Waiting to sync');

  // Someone else removes the category while this device is offline.
  const removed = await request.delete(`/api/v1/category/${doomed}/`, { headers: api.headers });
  expect(removed.status()).toBe(204);
  await context.setOffline(false);
  await expect(questionRow(page, 'Orphaned question?')).toContainText('Failed', { timeout: 20_000 });

  await table(page).getByRole('link', { name: 'Edit Orphaned question?' }).click();
  const edit = page.getByRole('form', { name: 'Edit question' });
  await expect(edit.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription(
    `Invalid pk "${doomed}" - object does not exist.`,
  );
  await edit.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Alive' });
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect(table(page).getByText(/Waiting to sync|Failed/)).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await serverQuestions(api)).map((question) => question.description)).toEqual(['Orphaned question?']);
});
