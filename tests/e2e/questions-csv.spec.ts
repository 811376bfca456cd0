import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createTenant, signIn } from './support/fixtures';
import { createCategory, createQuestion, serverCategories, serverQuestions, tenantApi } from './support/questions';
import { goOffline } from './support/offline';

// CSV import (a preview with each row's problems, nothing saved before confirming, unknown categories created,
// through the outbox so also offline) and export in the same format (docs/decisions.md "Beyond the spec").

const CSV = [
  'category,description,hint,option A,option B,option C,option D,correct option',
  'History,Who built the pyramids?,,Romans,Egyptians,Greeks,Vikings,b',
  'Space,"Largest planet, by far?",Gas,Mars,Jupiter,Venus,Earth,B',
  'Space,Only two options,,a,b,,,A',
  'Space,Bad letter,,a,b,c,d,E',
].join('\n');

const table = (page: Page) => page.getByRole('table', { name: 'Questions' });

async function chooseCsv(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions from CSV' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'CSV file' }).click();
  await (await chooser).setFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('imports a CSV offline after a preview with per-row problems, creating unknown categories; syncs when online', async ({
  page,
  context,
  request,
}) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  await createCategory(api, 'History');
  await signIn(page, tenant);
  await page.goto('/list-questions');
  await expect(table(page)).toContainText('No questions yet.');
  await goOffline(page, context);

  await chooseCsv(page, CSV);
  const dialog = page.getByRole('dialog', { name: 'Import questions from CSV' });
  await expect(dialog.getByRole('status')).toHaveText('2 questions ready to import, 2 rows have problems and will be skipped.');
  await expect(dialog.getByRole('list', { name: 'New categories' })).toHaveText('Space');
  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').filter({ hasText: 'Only two options' })).toContainText('Missing: C, D.');
  await expect(preview.getByRole('row').filter({ hasText: 'Bad letter' })).toContainText('"E" is not a valid choice.');
  await expect(preview.getByRole('row').filter({ hasText: 'Who built the pyramids?' })).toContainText('Ready');
  await expect(table(page)).toContainText('No questions yet.');

  await dialog.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table(page).getByRole('row').filter({ hasText: 'Largest planet, by far?' })).toContainText('Waiting to sync');
  await expect(table(page).getByRole('row').filter({ hasText: 'Who built the pyramids?' })).toContainText('History');

  await context.setOffline(false);
  await expect(table(page).getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  const space = (await serverCategories(api)).find((category) => category.name === 'Space');
  const questions = await serverQuestions(api);
  expect(questions.map((question) => [question.description, question.correct_option]).sort()).toEqual([
    ['Largest planet, by far?', 'B'],
    ['Who built the pyramids?', 'B'],
  ]);
  expect(questions.find((question) => question.description.startsWith('Largest'))?.category).toBe(space?.id);
});

test('a file without the columns is refused whole; exporting gives the bank in the import format', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const category = await createCategory(api, 'Formulas');
  await createQuestion(api, category, '=1+1 looks like a formula', {
    options: 'A: -5, B: @home, C: two, words, D: 4',
    correct_option: 'C',
  });
  await signIn(page, tenant);
  await page.goto('/list-questions');
  await expect(table(page)).toContainText('=1+1 looks like a formula');

  await chooseCsv(page, 'name,text\nx,y');
  const dialog = page.getByRole('dialog', { name: 'Import questions from CSV' });
  await expect(dialog.getByRole('alert')).toContainText('Missing: category, description');
  await expect(dialog.getByRole('button', { name: 'Import 0 questions' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^questions-.*\.csv$/);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text).toBe(
    '\uFEFFcategory,description,hint,option A,option B,option C,option D,correct option\r\n' +
      `Formulas,'=1+1 looks like a formula,,'-5,'@home,"two, words",4,C`,
  );

  await chooseCsv(page, text);
  await expect(dialog.getByRole('status')).toHaveText('1 question ready to import.');
  await expect(dialog.getByRole('table', { name: 'Import preview' })).toContainText('=1+1 looks like a formula');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
});
