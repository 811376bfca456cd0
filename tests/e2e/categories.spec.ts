import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, createTenant, signIn, type Tenant } from './support/fixtures';

// Categories page of the specification's screens, online: reads the mirror, writes through the outbox, reaches the server.

async function serverCategories(request: APIRequestContext, tenant: Tenant): Promise<{ id: number; name: string }[]> {
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const response = await request.get('/api/v1/category/?page_size=1000', { headers });
  return ((await response.json()) as { results: { id: number; name: string }[] }).results;
}

test('adds a category (an empty name is ignored), edits it and deletes it with the spec’s texts', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant);
  await page.goto('/add-category');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table).toContainText('No categories yet.');

  const add = page.getByRole('form', { name: 'Add category' });
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('This field may not be blank.')).toBeVisible();
  await add.getByLabel('Name').fill('   ');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table).toContainText('No categories yet.');

  await add.getByLabel('Name').fill('Music');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByLabel('Name')).toHaveValue('');
  await expect(table.getByRole('row', { name: /Music/ })).toBeVisible();
  await expect(table.getByText('Waiting to sync')).toHaveCount(0);
  await expect.poll(async () => (await serverCategories(request, tenant)).map((row) => row.name)).toEqual(['Music']);
  const [music] = await serverCategories(request, tenant);

  await table.getByRole('link', { name: 'Edit Music' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-category/${music?.id}/update$`));
  await expect(page.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('This field may not be blank.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await table.getByRole('link', { name: 'Edit Music' }).click();
  // The list's add form has a Name field too: fill the edit screen's, once it is shown.
  await expect(page.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
  await page.getByLabel('Name').fill('World Music');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(table.getByRole('row', { name: /World Music/ })).toBeVisible();
  await expect.poll(async () => (await serverCategories(request, tenant)).map((row) => row.name)).toEqual(['World Music']);

  await table.getByRole('link', { name: 'Delete World Music' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-category/${music?.id}/delete$`));
  await expect(page.getByText('Are you sure you want to delete this Category Instance?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(table.getByRole('row', { name: /World Music/ })).toBeVisible();
  await table.getByRole('link', { name: 'Delete World Music' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(table).toContainText('No categories yet.');
  await expect.poll(async () => (await serverCategories(request, tenant)).length).toBe(0);
});

test('a name already taken is refused under the field, whatever its case', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  await request.post('/api/v1/category/', { headers, data: { name: 'History' } });
  await signIn(page, tenant);
  await page.goto('/add-category');
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table.getByRole('row', { name: /History/ })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add category' });
  await add.getByLabel('Name').fill('history');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('category with this name already exists.')).toBeVisible();
  await expect(add.getByLabel('Name')).toHaveValue('history');
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('search filters the list, clearing it restores the full list, and the pager shows 5 pages at a time', async ({ page, request }) => {
  const tenant = await createTenant(request);
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const names = [...Array.from({ length: 62 }, (_, index) => `Topic ${String(index + 1).padStart(2, '0')}`), 'World Music'];
  for (const name of names) expect((await request.post('/api/v1/category/', { headers, data: { name } })).status()).toBe(201);

  await signIn(page, tenant);
  await page.goto('/add-category');
  const table = page.getByRole('table', { name: 'Categories' });
  const rows = table.locator('tbody tr');
  await expect(page.getByText('63 categories')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('Topic 01');

  const pager = page.getByRole('navigation', { name: 'Categories pages' });
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(5);
  await pager.getByRole('button', { name: 'Page 4' }).click();
  await expect(rows.first()).toContainText('Topic 31');
  await expect(pager.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['2', '3', '4', '5', '6']);
  for (let click = 0; click < 3; click += 1) await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText('World Music');

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('music world');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('World Music');
  await search.fill('nothing like this');
  await expect(table).toContainText('No category matches the search.');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(page.getByText('63 categories')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('Topic 01');
});
