import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, createTenant, dismissNotices, scrollsSideways, signIn, type Tenant } from './support/fixtures';
import { goOffline } from './support/offline';

// Polls of the specification's screens (only when poll_enabled): list, add, edit with choices, deletes, search and pager,
// the viewer copy link, and a poll with choices created offline reaching the server.

interface ServerPoll {
  id: number;
  name: string;
  join_code: string;
  poll_hash: string;
  link_key: string;
  show_options: boolean;
  show_total_votes: boolean;
  options: { id: number; name: string; votes: number; question: number }[];
}

async function headersFor(request: APIRequestContext, tenant: Tenant) {
  return { Authorization: `Token ${await apiLogin(request, tenant)}` };
}

async function serverPolls(request: APIRequestContext, headers: Record<string, string>): Promise<ServerPoll[]> {
  const response = await request.get('/api/v1/poll-list/?page_size=1000', { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: ServerPoll[] }).results;
}

async function createPoll(request: APIRequestContext, headers: Record<string, string>, name: string, joinCode = '12'): Promise<ServerPoll> {
  const response = await request.post('/api/v1/poll-list/', { headers, multipart: { name, join_code: joinCode } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ServerPoll;
}

const pollsTable = (page: Page) => page.getByRole('table', { name: 'Polls' });
const pollRow = (page: Page, name: string) => pollsTable(page).getByRole('row', { name: new RegExp(`^${name}\\b`) });
const choicesTable = (page: Page) => page.getByRole('table', { name: 'Choices' });

test('adds a poll (name and join code required), edits it, manages its choices and deletes it', async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = await headersFor(request, tenant);
  await signIn(page, tenant);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Add new Poll' }).click();
  await expect(page).toHaveURL(/\/add-polls$/);
  await expect(page.getByRole('heading', { name: 'Add Poll', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add poll' });
  await form.getByRole('button', { name: 'Create Poll' }).click();
  await expect(form.getByText('This field may not be blank.')).toBeVisible();
  await expect(form.getByText('Enter a join code of 1 to 4 digits.')).toBeVisible();
  await form.getByLabel('Name').fill('Best band');
  await form.getByLabel('Join code').pressSequentially('12a345');
  await expect(form.getByLabel('Join code')).toHaveValue('1234');
  await form.getByLabel('Show total votes').check();
  await form.getByRole('button', { name: 'Create Poll' }).click();
  await expect(page).toHaveURL(/\/list-polls$/);
  await expect(pollRow(page, 'Best band')).toBeVisible();
  await expect
    .poll(async () =>
      (await serverPolls(request, headers)).map((poll) => [poll.name, poll.join_code, poll.show_options, poll.show_total_votes]),
    )
    .toEqual([['Best band', '1234', false, true]]);
  const [created] = await serverPolls(request, headers);
  await expect(pollRow(page, 'Best band')).toContainText(created!.poll_hash);
  await expect(pollRow(page, 'Best band').getByRole('checkbox', { name: 'Best band: show total votes' })).toBeChecked();
  await expect(pollRow(page, 'Best band').getByRole('checkbox', { name: 'Best band: show result options' })).not.toBeChecked();

  await pollsTable(page).getByRole('link', { name: 'Edit Best band' }).click();
  await expect(page).toHaveURL(new RegExp(`/list-polls/${created!.id}/update$`));
  const edit = page.getByRole('form', { name: 'Edit poll' });
  await expect(edit.getByLabel('Poll hash')).toHaveValue(created!.poll_hash);
  await edit.getByLabel('Poll hash').fill('');
  await edit.getByRole('button', { name: 'Update Poll' }).click();
  await expect(edit.getByText('This field may not be blank.')).toBeVisible();

  const addChoice = page.getByRole('form', { name: 'Add choice' });
  await addChoice.getByRole('button', { name: 'Add Choice' }).click();
  await expect(addChoice.getByText('This field may not be blank.')).toBeVisible();
  for (const name of ['Queen', 'Abba']) {
    await addChoice.getByLabel('Choice name').fill(name);
    await addChoice.getByRole('button', { name: 'Add Choice' }).click();
    await expect(choicesTable(page).getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(choicesTable(page).getByRole('columnheader')).toHaveText(['Name', 'Current Votes', 'Actions']);
  await expect(choicesTable(page).getByRole('row', { name: /^Queen/ })).toContainText('0');
  await expect(page.getByRole('status').filter({ hasText: 'Choice added' })).toHaveCount(1);

  await dismissNotices(page);
  await choicesTable(page).getByRole('link', { name: 'Edit Abba' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Choice' })).toBeVisible();
  await page.getByLabel('Name').fill('ABBA');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(new RegExp(`/list-polls/${created!.id}/update$`));
  await expect(choicesTable(page).getByRole('row', { name: /^ABBA/ })).toBeVisible();

  await choicesTable(page).getByRole('link', { name: 'Delete Queen' }).click();
  await expect(page.getByText('Are you sure you want to delete this Choice?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/list-polls/${created!.id}/update$`));
  await expect(choicesTable(page).getByRole('row', { name: /^Queen/ })).toHaveCount(0);
  await expect.poll(async () => (await serverPolls(request, headers))[0]?.options.map((choice) => choice.name)).toEqual(['ABBA']);

  await page.getByRole('form', { name: 'Edit poll' }).getByLabel('Name').fill('Best band ever');
  await page.getByRole('form', { name: 'Edit poll' }).getByLabel('Poll hash').fill('best-band');
  await page.getByRole('form', { name: 'Edit poll' }).getByLabel('Show result options').check();
  await page.getByRole('button', { name: 'Update Poll' }).click();
  await expect(page).toHaveURL(/\/list-polls$/);
  await expect
    .poll(async () => (await serverPolls(request, headers)).map((poll) => [poll.name, poll.poll_hash, poll.show_options]))
    .toEqual([['Best band ever', 'best-band', true]]);

  await pollsTable(page).getByRole('link', { name: 'Delete Best band ever' }).click();
  await expect(page.getByText('Are you sure you want to delete this Poll?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/list-polls$/);
  await pollsTable(page).getByRole('link', { name: 'Delete Best band ever' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/list-polls$/);
  await expect(pollsTable(page)).toContainText('No polls yet.');
  await expect.poll(async () => (await serverPolls(request, headers)).length).toBe(0);
});

test('copies the viewer link <viewer app URL>/poll/<link key> with a 1-second confirmation, only when a viewer app URL is set', async ({
  page,
  context,
  request,
}) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = await headersFor(request, tenant);
  const poll = await createPoll(request, headers, 'Lunch');
  await signIn(page, tenant);
  await page.goto('/list-polls');
  await expect(pollRow(page, 'Lunch')).toContainText(poll.poll_hash);
  await expect(page.getByRole('button', { name: 'Copy the viewer link of Lunch' })).toHaveCount(0);

  const settings = await request.patch(`/api/v1/profiles/client/${tenant.clientId}/`, {
    headers,
    multipart: { viewer_app_url: 'https://viewer.example.com/' },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.reload();
  // The link is written out beside its copy button: its key is not the poll hash.
  await expect(pollRow(page, 'Lunch')).toContainText(`Link: …/poll/${poll.link_key}`);
  await page.getByRole('button', { name: 'Copy the viewer link of Lunch' }).click();
  const confirmation = page.getByRole('tooltip', { name: 'Copied' });
  await expect(confirmation).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://viewer.example.com/poll/${poll.link_key}`);
  await expect(confirmation).toBeHidden({ timeout: 2500 });
});

test('search searches, clearing it restores the list, and the pager loads other pages', async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = await headersFor(request, tenant);
  for (let index = 1; index <= 22; index += 1) await createPoll(request, headers, `Poll ${String(index).padStart(2, '0')}`);
  await createPoll(request, headers, 'Favourite colour');
  await signIn(page, tenant);
  await page.goto('/list-polls');
  const rows = pollsTable(page).locator('tbody tr');
  await expect(page.getByText('23 polls')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('Favourite colour');

  const pager = page.getByRole('navigation', { name: 'Polls pages' });
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText('Poll 01');

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('colour');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Favourite colour');
  await search.fill('nothing like it');
  await expect(pollsTable(page)).toContainText('No poll matches the search.');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('23 polls')).toBeVisible();
  await expect(rows).toHaveCount(10);
});

test('without poll_enabled the Polls menu is absent and every polls route leads to the dashboard', async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: false });
  await signIn(page, tenant);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Quiz Report' })).toBeVisible();
  await expect(menu.getByText('Polls')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'List Polls' })).toHaveCount(0);
  for (const path of [
    '/list-polls',
    '/add-polls',
    '/list-polls/1/update',
    '/list-polls/1/delete',
    '/list-polls/1/update/choices/1/update',
    '/list-polls/1/update/choices/1/delete',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  }
});

test('a poll with choices created offline syncs: the choices reach the server under their poll', async ({ page, context, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = await headersFor(request, tenant);
  await signIn(page, tenant);
  await page.goto('/list-polls');
  await expect(pollsTable(page)).toContainText('No polls yet.');
  await goOffline(page, context);
  await page.reload();
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();

  await page.goto('/add-polls');
  const form = page.getByRole('form', { name: 'Add poll' });
  await form.getByLabel('Name').fill('Offline poll');
  await form.getByLabel('Join code').fill('77');
  await form.getByRole('button', { name: 'Create Poll' }).click();
  await expect(pollRow(page, 'Offline poll')).toContainText('Waiting to sync');
  await pollsTable(page).getByRole('link', { name: 'Edit Offline poll' }).click();
  await expect(page).toHaveURL(/\/list-polls\/local-[^/]+\/update$/);
  const addChoice = page.getByRole('form', { name: 'Add choice' });
  for (const name of ['Yes', 'No']) {
    await addChoice.getByLabel('Choice name').fill(name);
    await addChoice.getByRole('button', { name: 'Add Choice' }).click();
    await expect(choicesTable(page).getByRole('row', { name: new RegExp(`^${name}`) })).toContainText('Waiting to sync');
  }
  expect(await serverPolls(request, headers)).toEqual([]);

  await context.setOffline(false);
  await expect
    .poll(
      async () =>
        (await serverPolls(request, headers)).map((poll) => [poll.name, poll.join_code, poll.options.map((choice) => choice.name)]),
      { timeout: 20_000 },
    )
    .toEqual([['Offline poll', '77', ['Yes', 'No']]]);
  const [synced] = await serverPolls(request, headers);
  await expect(page).toHaveURL(new RegExp(`/list-polls/${synced!.id}/update$`));
  await expect(choicesTable(page).getByText('Waiting to sync')).toHaveCount(0);
});

test('a change the server refuses shows its message under the field on the edit page, and the fix syncs', async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = await headersFor(request, tenant);
  const taken = await createPoll(request, headers, 'First');
  const poll = await createPoll(request, headers, 'Second');
  await signIn(page, tenant);
  await page.goto(`/list-polls/${poll.id}/update`);
  const edit = page.getByRole('form', { name: 'Edit poll' });
  await edit.getByLabel('Poll hash').fill(taken.poll_hash);
  await edit.getByRole('button', { name: 'Update Poll' }).click();
  await expect(page).toHaveURL(/\/list-polls$/);
  await expect(pollRow(page, 'Second')).toContainText('Failed');

  await pollsTable(page).getByRole('link', { name: 'Edit Second' }).click();
  await expect(page.getByRole('form', { name: 'Edit poll' }).getByText('poll with this poll hash already exists.')).toBeVisible();
  await page.getByRole('form', { name: 'Edit poll' }).getByLabel('Poll hash').fill('second-poll');
  await page.getByRole('button', { name: 'Update Poll' }).click();
  await expect.poll(async () => (await serverPolls(request, headers)).find((row) => row.id === poll.id)?.poll_hash).toBe('second-poll');
  await expect(pollRow(page, 'Second')).not.toContainText('Failed');
});

test('the polls, report, viewers, setting and dashboard screens fit a 320 px wide phone without sideways page scroll', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const poll = await createPoll(request, await headersFor(request, tenant), 'A rather long poll name for a small phone screen');
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, tenant);
  for (const path of [
    '/list-polls',
    '/add-polls',
    `/list-polls/${poll.id}/update`,
    `/list-polls/${poll.id}/delete`,
    '/quiz-report',
    '/viewers-data',
    '/setting',
    '/dashboard',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page), path).toBe(false);
  }
});

test('Add Poll takes its choices, one per line', async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = await headersFor(request, tenant);
  await signIn(page, tenant);
  await page.goto('/add-polls');
  const form = page.getByRole('form', { name: 'Add poll' });
  await form.getByLabel('Name').fill('Snack');
  await form.getByLabel('Join code').fill('42');
  await form.getByRole('textbox', { name: 'Choices' }).fill('Crisps\n\n  Nuts \nCrisps\n');
  await form.getByRole('button', { name: 'Create Poll' }).click();
  await expect(page).toHaveURL(/\/list-polls$/);
  await expect
    .poll(async () => (await serverPolls(request, headers))[0]?.options.map((choice) => choice.name).sort())
    .toEqual(['Crisps', 'Nuts']);
});
