import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, createTenant, signIn, type Tenant } from './support/fixtures';
import { goOffline } from './support/offline';

// The offline model of docs/decisions.md "Offline", proven on the Categories page in a real browser against the real
// server: offline start, queued changes that survive reloads, replay once, failures and conflicts.

async function authHeaders(request: APIRequestContext, tenant: Tenant) {
  return { Authorization: `Token ${await apiLogin(request, tenant)}` };
}

async function serverNames(request: APIRequestContext, tenant: Tenant): Promise<string[]> {
  const response = await request.get('/api/v1/category/?page_size=1000', { headers: await authHeaders(request, tenant) });
  return ((await response.json()) as { results: { name: string }[] }).results.map((row) => row.name);
}

async function createOnServer(request: APIRequestContext, tenant: Tenant, name: string): Promise<number> {
  const response = await request.post('/api/v1/category/', { headers: await authHeaders(request, tenant), data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const categoriesTable = (page: Page) => page.getByRole('table', { name: 'Categories' });
const row = (page: Page, name: string) => categoriesTable(page).getByRole('row', { name: new RegExp(`^${name}\\b`) });

async function addCategory(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add category' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(row(page, name)).toBeVisible();
}

async function renameCategory(page: Page, from: string, to: string): Promise<void> {
  await categoriesTable(page)
    .getByRole('link', { name: `Edit ${from}`, exact: true })
    .click();
  // The list keeps showing (with its own Name field, the add form) until the edit screen replaces it.
  await expect(page.getByRole('heading', { name: 'Edit Category' })).toBeVisible();
  await page.getByLabel('Name').fill(to);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
}

test('works offline: the shell and categories load, changes wait across reloads, then reach the server once with server ids', async ({
  page,
  context,
  request,
}) => {
  const tenant = await createTenant(request);
  await createOnServer(request, tenant, 'History');
  await createOnServer(request, tenant, 'Science');
  await signIn(page, tenant);
  await page.goto('/add-category');
  await expect(row(page, 'History')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();

  await goOffline(page, context);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await expect(row(page, 'History')).toBeVisible();
  await expect(row(page, 'Science')).toBeVisible();

  await addCategory(page, 'Music');
  await renameCategory(page, 'History', 'World History');
  await categoriesTable(page).getByRole('link', { name: 'Delete Science' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/add-category$/);

  await page.reload();
  await expect(page.getByRole('status', { name: 'Offline' })).toBeVisible();
  await expect(row(page, 'Music')).toContainText('Waiting to sync');
  await expect(row(page, 'World History')).toContainText('Waiting to sync');
  await expect(row(page, 'Science')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '3 waiting' })).toBeVisible();
  expect(await serverNames(request, tenant)).toEqual(['History', 'Science']);

  await page.getByRole('link', { name: '3 waiting' }).click();
  await expect(page.getByRole('heading', { name: 'Sync', level: 1 })).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Waiting' });
  await expect(waiting.getByRole('listitem')).toHaveText([
    /Create category “Music”/,
    /Edit category “World History”/,
    /Delete category “Science”/,
  ]);

  await context.setOffline(false);
  await expect(page.getByText('Everything is on the server.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status', { name: 'Online' })).toBeVisible();
  await expect(page.getByRole('link', { name: /waiting/ })).toHaveCount(0);
  expect(await serverNames(request, tenant)).toEqual(['Music', 'World History']);

  await page.goto('/add-category');
  await expect(categoriesTable(page).getByText('Waiting to sync')).toHaveCount(0);
  const musicId = (await request
    .get('/api/v1/category/?search=Music', { headers: await authHeaders(request, tenant) })
    .then((response) => response.json())) as {
    results: { id: number; name: string }[];
  };
  const serverId = musicId.results.find((item) => item.name === 'Music')?.id;
  await expect(categoriesTable(page).getByRole('link', { name: 'Edit Music' })).toHaveAttribute('href', `/add-category/${serverId}/update`);
});

test.describe('closing the page in the middle of a sync', () => {
  // Route interception must see the page's own requests, without a worker in between.
  test.use({ serviceWorkers: 'block' });

  test('loses and duplicates nothing: the answer was lost, the reopened page resends it under the same key', async ({
    page,
    context,
    request,
  }) => {
    const tenant = await createTenant(request);
    await signIn(page, tenant);
    await page.goto('/add-category');
    await expect(categoriesTable(page)).toContainText('No categories yet.');

    let reachedServer: () => void = () => undefined;
    const posted = new Promise<void>((resolve) => (reachedServer = resolve));
    await page.route('**/api/v1/category/', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      // The server stores the category, but its answer never reaches the page.
      await route.fetch();
      reachedServer();
    });
    await addCategory(page, 'Held');
    await posted;
    expect(await serverNames(request, tenant)).toEqual(['Held']);
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto('/add-category');
    await expect(row(reopened, 'Held')).toBeVisible();
    await expect(categoriesTable(reopened).getByText('Waiting to sync')).toHaveCount(0, { timeout: 15_000 });
    await expect(categoriesTable(reopened).getByRole('row')).toHaveCount(2);
    expect(await serverNames(request, tenant)).toEqual(['Held']);
  });
});

test('a change the server refuses shows its message and can be fixed from the Sync screen', async ({ page, context, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant);
  await page.goto('/add-category');
  await expect(categoriesTable(page)).toContainText('No categories yet.');
  await goOffline(page, context);

  // Someone else takes the name while this device is offline; this device cannot know.
  await createOnServer(request, tenant, 'Jazz');
  await addCategory(page, 'Jazz');
  await expect(row(page, 'Jazz')).toContainText('Waiting to sync');

  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'category with this name already exists.' })).toBeVisible({ timeout: 15_000 });
  await expect(categoriesTable(page).getByText('Failed')).toBeVisible();

  await page.getByRole('link', { name: /to fix/ }).click();
  const failed = page.getByRole('region', { name: 'Failed' });
  const card = failed.getByRole('listitem', { name: 'Create category “Jazz”' });
  await expect(card).toContainText('category with this name already exists.');
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/add-category\/local-[\w-]+\/update$/);
  await page.getByLabel('Name').fill('Jazz Live');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(row(page, 'Jazz Live')).toBeVisible();
  await expect(categoriesTable(page).getByText(/Waiting to sync|Failed/)).toHaveCount(0, { timeout: 15_000 });
  expect((await serverNames(request, tenant)).sort()).toEqual(['Jazz', 'Jazz Live']);
});

test('an edit made meanwhile in another browser is a conflict the user resolves: keep mine, take theirs', async ({
  page,
  context,
  browser,
  request,
}) => {
  const tenant = await createTenant(request);
  const alphaId = await createOnServer(request, tenant, 'Alpha');
  const betaId = await createOnServer(request, tenant, 'Beta');
  await signIn(page, tenant);
  await page.goto('/add-category');
  await expect(row(page, 'Beta')).toBeVisible();
  await goOffline(page, context);
  await renameCategory(page, 'Alpha', 'Alpha mine');
  await renameCategory(page, 'Beta', 'Beta mine');

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, tenant);
  for (const [id, name] of [
    [alphaId, 'Alpha theirs'],
    [betaId, 'Beta theirs'],
  ] as const) {
    await otherPage.goto(`/add-category/${id}/update`);
    await otherPage.getByLabel('Name').fill(name);
    await otherPage.getByRole('button', { name: 'Update' }).click();
    await expect(otherPage).toHaveURL(/\/add-category$/);
  }
  await expect.poll(async () => (await serverNames(request, tenant)).sort()).toEqual(['Alpha theirs', 'Beta theirs']);
  await other.close();

  await context.setOffline(false);
  await expect(categoriesTable(page).getByText('Conflict')).toHaveCount(2, { timeout: 15_000 });
  await page.getByRole('link', { name: /to fix/ }).click();
  const conflicts = page.getByRole('region', { name: 'Conflicts' });
  const alpha = conflicts.getByRole('listitem', { name: 'Edit category “Alpha mine”' });
  await expect(alpha.getByRole('table', { name: 'Both versions' })).toContainText('Alpha theirs');
  await alpha.getByRole('button', { name: 'Keep mine' }).click();
  await conflicts.getByRole('listitem', { name: 'Edit category “Beta mine”' }).getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.getByText('Everything is on the server.')).toBeVisible({ timeout: 15_000 });
  expect((await serverNames(request, tenant)).sort()).toEqual(['Alpha mine', 'Beta theirs']);

  await page.goto('/add-category');
  await expect(row(page, 'Alpha mine')).toBeVisible();
  await expect(row(page, 'Beta theirs')).toBeVisible();
  await expect(categoriesTable(page).getByText(/Conflict|Waiting to sync/)).toHaveCount(0);
});

test('logging out with waiting changes asks first', async ({ page, context, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant);
  await page.goto('/add-category');
  await expect(categoriesTable(page)).toContainText('No categories yet.');
  await goOffline(page, context);
  await addCategory(page, 'Unsent');
  await addCategory(page, 'Unsent too');
  await expect(page.getByRole('link', { name: '2 waiting' })).toBeVisible();

  const logout = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  };
  await logout();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog).toContainText('2 changes have not reached the server yet. Log out anyway and lose them?');
  await expect(dialog.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Unsent too')).toBeVisible();

  await logout();
  await dialog.getByRole('button', { name: 'Log out anyway' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const queued = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('quiz-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(queued).toBe(0);
});
