import { expect, test, type Locator, type Page } from '@playwright/test';
import { createTenant, signIn } from './support/fixtures';
import { createCategory, createQuestion, tenantApi } from './support/questions';

// A host's walk on a 1024x768 tablet through the smaller snags: the question picker's category dropdown, its
// message once every question is selected, its pager, and the floating help button over the forms.

test.use({ viewport: { width: 1024, height: 768 } });

const section = (page: Page, name: 'Selected Questions' | 'All Questions') => page.getByRole('region', { name });
const items = (list: Locator) => list.getByRole('listitem');

test("the picker's category dropdown closes after a pick, and All Questions says so when every question is selected", async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  const api = await tenantApi(request, tenant);
  const music = await createCategory(api, 'Music');
  await createCategory(api, 'Sport');
  await createQuestion(api, music, 'Who wrote Yesterday?');
  await createQuestion(api, music, 'How many strings has a violin?');
  await signIn(page, tenant);
  await page.goto('/add-quiz');
  const all = section(page, 'All Questions');
  await expect(items(all)).toHaveCount(2);

  await page.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.getByRole('option', { name: 'Music' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(items(all)).toHaveCount(2);

  for (const name of ['Who wrote Yesterday?', 'How many strings has a violin?']) await all.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Move checked to Selected Questions' }).click();
  await expect(items(section(page, 'Selected Questions'))).toHaveCount(2);
  await expect(all.getByText('Every question is selected: none is left to add.')).toBeVisible();
  await expect(all.getByText('No question matches the chosen categories.')).toHaveCount(0);
});

test("the picker's pager keeps its arrows on the row of its page numbers", async ({ page }) => {
  // The demo's bank fills five pages of All Questions (read only: nothing is saved).
  await signIn(page);
  await page.goto('/add-quiz');
  const pager = page.getByRole('navigation', { name: 'All Questions pages' });
  await expect(pager.getByRole('button', { name: 'Page 5' })).toBeVisible();
  const previous = await pager.getByRole('button', { name: 'Previous page' }).boundingBox();
  const next = await pager.getByRole('button', { name: 'Next page' }).boundingBox();
  const first = await pager.getByRole('button', { name: 'Page 1' }).boundingBox();
  expect(next?.y).toBe(previous?.y);
  expect(first?.y).toBe(previous?.y);
});

test('the floating help button covers neither the form nor the help text', async ({ page }) => {
  await signIn(page);
  await page.goto('/add-quiz');
  const help = page.getByRole('button', { name: 'Help' });
  const save = page.getByRole('button', { name: 'Save' });
  await save.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  const overlaps = (a: { x: number; y: number; width: number; height: number } | null, b: typeof a) =>
    !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  // At the end of the page, the last card's edge sits above the button.
  const cards = page.getByRole('form', { name: 'Create quiz' });
  const form = await cards.boundingBox();
  const button = await help.boundingBox();
  expect(form && button && form.y + form.height <= button.y).toBe(true);
  expect(overlaps(await save.boundingBox(), button)).toBe(false);

  await help.click();
  const panel = page.getByRole('complementary', { name: 'Help' });
  await expect(panel).toBeVisible();
  await panel.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  // Scrolled to its end, the panel's last line sits above the button.
  const lastLine = await panel.getByText("The quiz's unique hash.").boundingBox();
  const helpButton = await help.boundingBox();
  expect(lastLine && helpButton && lastLine.y + lastLine.height <= helpButton.y).toBe(true);
});
