import { expect, test } from '@playwright/test';
import { apiLogin, createTenant, signIn } from './support/fixtures';
import { violations } from './support/axe';

// Dashboard: counts from the mirror, quizzes live now and by status, changes waiting to sync,
// the latest attempts, and shortcuts to the main actions.

test('shows counts, live quizzes, quizzes by status, the latest attempts and working shortcuts', async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  for (const name of ['History', 'Music'])
    expect((await request.post('/api/v1/category/', { headers, data: { name } })).status()).toBe(201);
  expect((await request.post('/api/v1/poll-list/', { headers, multipart: { name: 'Lunch', join_code: '5' } })).status()).toBe(201);
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const quizIds: number[] = [];
  for (const name of ['Stage quiz', 'Later quiz']) {
    const response = await request.post('/api/v1/quiz/', {
      headers,
      data: {
        name,
        mode: 'MANUAL',
        qs_timer: 30,
        before_qs_timer: 5,
        join_code: '12',
        max_attempt_count: 1,
        start_date_time: start,
        end_date_time: end,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    quizIds.push(((await response.json()) as { id: number }).id);
  }
  expect((await request.patch(`/api/v1/quiz/${quizIds[0]}/`, { headers, data: { status: 'ACTIVATED' } })).status()).toBe(200);
  expect((await request.post('/api/__test__/attempts', { data: { quiz: quizIds[0], count: 3 } })).status()).toBe(201);

  await signIn(page, tenant);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Quizzes: 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Categories: 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Questions: 0' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Polls: 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Changes waiting to sync: 0' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Live quizzes' }).getByRole('listitem')).toHaveText([/Stage quiz\s*Activated/]);
  const byStatus = page.getByRole('list', { name: 'Quizzes by status' });
  await expect(byStatus.getByRole('listitem').filter({ hasText: /^Announced/ })).toHaveText('Announced: 1');
  await expect(byStatus.getByRole('listitem').filter({ hasText: /^Activated/ })).toHaveText('Activated: 1');
  await expect(page.getByRole('list', { name: 'Latest attempts' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Latest attempts' }).getByRole('listitem').first()).toContainText('Stage quiz');

  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  await shortcuts.getByRole('link', { name: 'Add new Poll' }).click();
  await expect(page).toHaveURL(/\/add-polls$/);
  await page.goBack();
  await shortcuts.getByRole('link', { name: 'Add new Quiz' }).click();
  await expect(page).toHaveURL(/\/add-quiz$/);
});

test('a new client: the dashboard and every empty list say what to do next, with the button that does it', async ({ page, request }) => {
  // Six lists, each with axe in both colour schemes: more than the default minute on a slow machine.
  test.setTimeout(150_000);
  const tenant = await createTenant(request, { poll_enabled: true });
  await signIn(page, tenant);
  await page.goto('/dashboard');
  const start = page.getByRole('region', { name: 'Get started' });
  await expect(start).toContainText('Nothing here yet.');
  await start.getByRole('link', { name: 'Start with a category' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(page.getByRole('table', { name: 'Categories' })).toContainText('No categories yet.');

  for (const [path, table, title, action] of [
    ['/add-category', 'Categories', 'No categories yet.', 'Name the first category'],
    ['/list-questions', 'Questions', 'No questions yet.', 'Write the first question'],
    ['/list-quiz', 'Quizzes', 'No quizzes yet.', 'Create the first quiz'],
    ['/list-polls', 'Polls', 'No polls yet.', 'Create the first poll'],
    ['/quiz-report', 'Attempts', 'No attempts yet.', 'Go to the quizzes'],
    ['/viewers-data', 'Viewers', 'No viewers yet.', 'Go to the quizzes'],
  ] as const) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    const empty = page.getByRole('table', { name: table });
    await expect(empty, path).toContainText(title);
    await expect(empty.getByRole(path === '/add-category' ? 'button' : 'link', { name: action }), path).toBeVisible();
    expect(await violations(page), `${path} light`).toEqual([]);
    // The dark scheme changes only what colours decide.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html[data-mantine-color-scheme="dark"]')).toHaveCount(1);
    expect(await violations(page, { coloursOnly: true }), `${path} dark`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('table', { name: 'Viewers' }).getByRole('link', { name: 'Go to the quizzes' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await page.getByRole('table', { name: 'Quizzes' }).getByRole('link', { name: 'Create the first quiz' }).click();
  await expect(page).toHaveURL(/\/add-quiz$/);
});
