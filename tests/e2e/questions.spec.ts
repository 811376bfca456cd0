import { expect, test, type Page } from '@playwright/test';
import { createTenant, signIn } from './support/fixtures';
import { chooseImage, createCategory, createQuestion, FAKE_PNG, PNG, serverQuestions, tenantApi } from './support/questions';
import { violations } from './support/axe';

// Add Question and List Questions of the specification's screens, online: read from the mirror, written through the outbox, on the server.

const table = (page: Page) => page.getByRole('table', { name: 'Questions' });
const questionRow = (page: Page, description: string) => table(page).getByRole('row').filter({ hasText: description });

async function waitUntilSynced(page: Page): Promise<void> {
  await expect(table(page).getByText('Waiting to sync')).toHaveCount(0, { timeout: 15_000 });
}

test('adds a question: required fields, the correct option upper-cased, a fake image refused, a real one sent', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  await createCategory(api, 'Space');
  await signIn(page, tenant);
  await page.goto('/add-question');
  await expect(page.getByRole('heading', { name: 'Add Question', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add question' });
  await expect(form.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expect(form.getByRole('option', { name: 'Select' })).toBeDisabled();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This field is required.')).toBeVisible();
  await expect(form.getByText('This field may not be blank.')).toHaveCount(6);
  await expect(page).toHaveURL(/\/add-question$/);

  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Space' });
  await form.getByLabel('Description').fill('Largest planet?');
  await form.getByLabel('Hint').fill('A gas giant');
  for (const [letter, text] of [
    ['A', 'Mars'],
    ['B', 'Jupiter, the giant'],
    ['C', 'Venus'],
    ['D', 'Earth'],
  ]) {
    await form.getByRole('textbox', { name: `Option ${letter}` }).fill(text ?? '');
  }
  await form.getByRole('radiogroup', { name: 'Correct Option' }).getByRole('radio', { name: 'B' }).check();
  await expect(form.getByRole('radio', { name: 'B' })).toBeChecked();

  await chooseImage(page, 'Sponsor Image', FAKE_PNG);
  await expect(form.getByRole('alert')).toContainText('Upload a valid image.');
  await expect(form.getByRole('img', { name: 'Sponsor Image preview' })).toHaveCount(0);
  await chooseImage(page, 'Sponsor Image', PNG);
  await expect(form.getByRole('img', { name: 'Sponsor Image preview' })).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect(questionRow(page, 'Largest planet?')).toContainText('b: Jupiter, the giant');
  await waitUntilSynced(page);
  await expect.poll(async () => (await serverQuestions(api)).length).toBe(1);
  const [saved] = await serverQuestions(api);
  expect(saved).toMatchObject({
    description: 'Largest planet?',
    hint: 'A gas giant',
    correct_option: 'B',
    options: 'A: Mars, B: Jupiter, the giant, C: Venus, D: Earth',
  });
  expect(saved?.image).toMatch(/\.png$/);
  await expect(questionRow(page, 'Largest planet?')).toContainText(String(saved?.id));
});

test('searches (clearing restores the list) and pages through the bank', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const category = await createCategory(api, 'Numbers');
  for (let n = 1; n <= 23; n += 1) await createQuestion(api, category, `Question number ${n}`);
  await createQuestion(api, category, 'Which planet has rings?', { options: 'A: Saturn, B: Mars, C: Venus, D: Mercury' });
  await signIn(page, tenant);
  await page.goto('/list-questions');

  await expect(page.getByText('24 questions')).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(11);
  await expect(table(page).getByRole('row').nth(1)).toContainText('Which planet has rings?');
  const pages = page.getByRole('navigation', { name: 'Questions pages' });
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(table(page).getByRole('row')).toHaveCount(5);
  await expect(table(page)).toContainText('Question number 1');

  await page.getByRole('searchbox', { name: 'Search' }).fill('saturn');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(page.getByText('1 question', { exact: true })).toBeVisible();
  // Every term must match: 'number' and '2' (numbers 2, 12, 20 to 23).
  await page.getByRole('searchbox', { name: 'Search' }).fill('number 2');
  await expect(page.getByText('6 questions')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('24 questions')).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(11);
});

test('edits a question without a new image (the image is not sent again), then with a new image', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const space = await createCategory(api, 'Space');
  const other = await createCategory(api, 'Other');
  const id = await createQuestion(api, space, 'Closest star?', { image: PNG });
  const [before] = await serverQuestions(api);
  await signIn(page, tenant);
  await page.goto('/list-questions');

  const patches: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH') patches.push(sent.headers()['content-type'] ?? '');
  });
  await table(page).getByRole('link', { name: 'Edit Closest star?' }).click();
  await expect(page).toHaveURL(new RegExp(`/list-questions/${id}/update$`));
  const form = page.getByRole('form', { name: 'Edit question' });
  await expect(form.getByRole('img', { name: 'Sponsor Image preview' })).toHaveAttribute('src', before?.image ?? '');
  await expect(form.getByRole('textbox', { name: 'Option A' })).toHaveValue('Sun');
  await form.getByLabel('Description').fill('Closest star to Earth?');
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Other' });
  await form.getByRole('radio', { name: 'C' }).check();
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect(questionRow(page, 'Closest star to Earth?')).toContainText('Other');
  await waitUntilSynced(page);
  await expect.poll(async () => (await serverQuestions(api))[0]?.description).toBe('Closest star to Earth?');
  const [edited] = await serverQuestions(api);
  expect(edited).toMatchObject({ category: other, correct_option: 'C', image: before?.image });
  expect(patches).toEqual([expect.stringContaining('application/json')]);

  await table(page).getByRole('link', { name: 'Edit Closest star to Earth?' }).click();
  await chooseImage(page, 'Sponsor Image', { ...PNG, name: 'new.png' });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect.poll(async () => (await serverQuestions(api))[0]?.image).not.toBe(before?.image);
  expect(patches[1]).toContain('multipart/form-data');
});

test('deletes one question after confirming, and several with "Delete Selected (n)"', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const category = await createCategory(api, 'Mixed');
  for (const description of ['First', 'Second', 'Third', 'Fourth']) await createQuestion(api, category, description);
  await signIn(page, tenant);
  await page.goto('/list-questions');

  await table(page).getByRole('link', { name: 'Delete Second' }).click();
  await expect(page.getByText('Are you sure you want to delete this Question?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await table(page).getByRole('link', { name: 'Delete Second' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect(questionRow(page, 'Second')).toHaveCount(0);

  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);
  await table(page).getByRole('checkbox', { name: 'Select First' }).check();
  await table(page).getByRole('checkbox', { name: 'Select Fourth' }).check();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  await page.getByRole('dialog', { name: 'Delete Selected' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(questionRow(page, 'Third')).toBeVisible();
  await expect.poll(async () => (await serverQuestions(api)).map((question) => question.description)).toEqual(['Third']);

  await table(page).getByRole('checkbox', { name: 'Select all questions on this page' }).check();
  await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();
});

test('is usable at 320 px without sideways page scroll', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  await createQuestion(api, await createCategory(api, 'Narrow'), 'A question with a rather long description to wrap on a phone');
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, tenant);
  for (const path of ['/list-questions', '/add-question']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the question screens have no WCAG A/AA violations (${colorScheme}); the image picker works from the keyboard`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme });
    const tenant = await createTenant(request);
    const api = await tenantApi(request, tenant);
    await createQuestion(api, await createCategory(api, 'Checked'), 'An accessible question', { image: PNG });
    await signIn(page, tenant);

    await page.goto('/list-questions');
    await table(page).getByRole('checkbox', { name: 'Select An accessible question' }).check();
    await expect(page.getByRole('button', { name: 'Delete Selected (1)' })).toBeVisible();
    expect(await violations(page), '/list-questions').toEqual([]);

    await page.goto('/add-question');
    await page.getByRole('button', { name: 'Save' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose sponsor image' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(FAKE_PNG);
    await expect(page.getByRole('alert').filter({ hasText: 'Upload a valid image.' })).toBeVisible();
    expect(await violations(page), '/add-question with errors').toEqual([]);

    await page.goto('/list-questions');
    await table(page).getByRole('link', { name: 'Edit An accessible question' }).click();
    await expect(page.getByRole('img', { name: 'Sponsor Image preview' })).toBeVisible();
    expect(await violations(page), 'edit question').toEqual([]);
  });
}
