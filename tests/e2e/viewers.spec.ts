import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, apiLogin, signIn } from './support/fixtures';

// Viewers Data of the specification's screens on the demo client (read only): columns, pager, search and its clearing, quiz filter.

async function viewerCount(request: APIRequestContext, query = ''): Promise<number> {
  const headers = { Authorization: `Token ${await apiLogin(request, DEMO_ADMIN)}` };
  return ((await (await request.get(`/api/v1/profiles/viewer/${query}`, { headers })).json()) as { count: number }).count;
}

test('lists the viewers with User, Full Name, Email and Mobile; pages; search and quiz filter narrow; clearing restores', async ({
  page,
  request,
}) => {
  const total = await viewerCount(request);
  expect(total).toBeGreaterThan(10);
  await signIn(page);
  await page.goto('/viewers-data');
  await expect(page.getByRole('heading', { name: 'Viewers Data', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Viewers' });
  const rows = table.locator('tbody tr');
  await expect(table.getByRole('columnheader')).toHaveText(['User', 'Full Name', 'Email', 'Mobile']);
  await expect(page.getByText(`${total} viewers`)).toBeVisible();
  await expect(rows).toHaveCount(10);

  const pager = page.getByRole('navigation', { name: 'Viewers pages' });
  const lastPage = Math.ceil(total / 10);
  await pager.getByRole('button', { name: `Page ${lastPage}` }).click();
  await expect(rows).toHaveCount(total - (lastPage - 1) * 10);

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('trivia.fan');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('trivia.fan');
  await expect(rows.first()).toContainText('Morgan Ellis');
  await expect(rows.first()).toContainText('trivia.fan@example.com');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText(`${total} viewers`)).toBeVisible();
  await expect(rows).toHaveCount(10);

  await page.getByRole('combobox', { name: 'Quiz' }).click();
  const option = page.getByRole('option').nth(1);
  const quizName = (await option.textContent()) ?? '';
  await option.click();
  const headers = { Authorization: `Token ${await apiLogin(request, DEMO_ADMIN)}` };
  const quizzes = (
    (await (await request.get('/api/v1/portal-quiz/?page_size=1000', { headers })).json()) as { results: { id: number; name: string }[] }
  ).results;
  const quizId = quizzes.find((quiz) => quiz.name === quizName)?.id;
  const filtered = await viewerCount(request, `?quiz=${quizId}`);
  await expect(page.getByText(new RegExp(`^${filtered} viewers?$`))).toBeVisible();
  await page.getByRole('combobox', { name: 'Quiz' }).click();
  await page.getByRole('option', { name: 'All quizzes' }).click();
  await expect(page.getByText(`${total} viewers`)).toBeVisible();
});
