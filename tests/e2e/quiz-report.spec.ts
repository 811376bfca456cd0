import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN, apiLogin, createTenant, signIn, type Tenant } from './support/fixtures';
import { goOffline } from './support/offline';

// Quiz Report of the specification's screens: quiz filter, search, pager and "Showing n of total attempts", deletes and bulk
// deletes ("There was an error!" when they fail), the browser-built CSV checked byte for byte, the
// server's report.csv, and the last page readable offline with its age.

interface ServerAttempt {
  id: number;
  viewer: string;
  viewer_detail: { first_name: string; last_name: string };
  quiz: { name: string };
  score: number;
  time_taken: number;
  rank: number;
  status: string;
}

type Headers = Record<string, string>;

async function headersFor(request: APIRequestContext, credentials: { email: string; password: string }): Promise<Headers> {
  return { Authorization: `Token ${await apiLogin(request, credentials)}` };
}

async function createQuiz(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const end = new Date(Date.now() + 86_400_000).toISOString();
  const response = await request.post('/api/v1/quiz/', {
    headers,
    data: {
      name,
      mode: 'MANUAL',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: '1234',
      max_attempt_count: 1,
      start_date_time: start,
      end_date_time: end,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Attempts come from the viewer app; the e2e server's test hook seeds them. */
async function seedAttempts(request: APIRequestContext, quiz: number, count: number): Promise<void> {
  const response = await request.post('/api/__test__/attempts', { data: { quiz, count } });
  expect(response.status(), await response.text()).toBe(201);
}

async function attemptCount(request: APIRequestContext, headers: Headers): Promise<number> {
  return ((await (await request.get('/api/v1/attempts/', { headers })).json()) as { count: number }).count;
}

async function tenantWithAttempts(request: APIRequestContext): Promise<{ tenant: Tenant; headers: Headers }> {
  const tenant = await createTenant(request);
  const headers = await headersFor(request, tenant);
  await seedAttempts(request, await createQuiz(request, headers, 'Alpha night'), 13);
  await seedAttempts(request, await createQuiz(request, headers, 'Beta night'), 2);
  return { tenant, headers };
}

const attemptsTable = (page: Page) => page.getByRole('table', { name: 'Attempts' });
const bodyRows = (page: Page) => attemptsTable(page).locator('tbody tr');

test('filters by quiz, searches, pages, and shows "Showing n of total attempts"', async ({ page, request }) => {
  const { tenant } = await tenantWithAttempts(request);
  await signIn(page, tenant);
  await page.goto('/quiz-report');
  await expect(page.getByRole('heading', { name: 'Quiz Report', level: 1 })).toBeVisible();
  await expect(attemptsTable(page).getByRole('columnheader')).toHaveText([
    'Select',
    'Name',
    'Quiz',
    'Score',
    'Time Taken',
    'Rank',
    'Status',
    'Delete',
  ]);
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(10);

  await page.getByRole('navigation', { name: 'Attempts pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Showing 5 of 15 attempts')).toBeVisible();

  await page.getByRole('combobox', { name: 'Quiz' }).click();
  await page.getByRole('option', { name: 'Beta night' }).click();
  await expect(page.getByText('Showing 2 of 2 attempts')).toBeVisible();
  await expect(bodyRows(page).first()).toContainText('Beta night');
  await page.getByRole('combobox', { name: 'Quiz' }).click();
  await page.getByRole('option', { name: 'Alpha night' }).click();
  await expect(page.getByText('Showing 10 of 13 attempts')).toBeVisible();
  await page.getByRole('combobox', { name: 'Quiz' }).click();
  await page.getByRole('option', { name: 'All quizzes' }).click();
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('beta night');
  await expect(page.getByText('Showing 2 of 2 attempts')).toBeVisible();
  await search.fill('no such thing');
  await expect(attemptsTable(page)).toContainText('No attempt matches the filter.');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();
});

test('deletes one attempt and bulk-deletes the selected ones, asking first', async ({ page, request }) => {
  const { tenant, headers } = await tenantWithAttempts(request);
  await signIn(page, tenant);
  await page.goto('/quiz-report');
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete Selected/ })).toHaveCount(0);

  const boxes = attemptsTable(page).getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await boxes.nth(2).check();
  await boxes.nth(2).uncheck();
  await page.getByRole('button', { name: 'Delete Selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Selected' });
  await expect(dialog.getByText('Are you sure you want to delete the 2 selected attempts?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Showing 10 of 13 attempts')).toBeVisible();
  expect(await attemptCount(request, headers)).toBe(13);

  await attemptsTable(page)
    .getByRole('button', { name: /^Delete the attempt of/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Delete Attempt' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Showing 10 of 13 attempts')).toBeVisible();
  await attemptsTable(page)
    .getByRole('button', { name: /^Delete the attempt of/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Delete Attempt' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Showing 10 of 12 attempts')).toBeVisible();
  expect(await attemptCount(request, headers)).toBe(12);

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('button', { name: 'Delete Selected (10)' })).toBeVisible();
});

test('"There was an error!" when a delete or a bulk delete fails, and nothing is removed', async ({ page, request }) => {
  const { tenant, headers } = await tenantWithAttempts(request);
  await page.route('**/api/v1/bulk-delete-attempts/', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.route(/\/api\/v1\/attempts\/\d+\/$/, (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
  );
  await signIn(page, tenant);
  await page.goto('/quiz-report');
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();

  await attemptsTable(page).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
  await page.getByRole('dialog', { name: 'Delete Selected' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There was an error!' })).toBeVisible();
  await page.getByRole('alert').filter({ hasText: 'There was an error!' }).getByRole('button', { name: 'Dismiss' }).click();
  // Gone (its closing transition ended) before the next failure brings its own.
  await expect(page.getByRole('alert').filter({ hasText: 'There was an error!' })).toHaveCount(0);

  await attemptsTable(page)
    .getByRole('button', { name: /^Delete the attempt of/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Delete Attempt' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There was an error!' })).toBeVisible();
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();
  expect(await attemptCount(request, headers)).toBe(15);
});

/** The expected CSV cell, written independently of the portal: formulas get an apostrophe, then CSV quoting. */
function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text !== value || /[",\r\n]/.test(text) || text.startsWith(' ') || text.endsWith(' ') ? `"${text.replace(/"/g, '""')}"` : text;
}

test('CSV Export downloads attempts-{timestamp}.csv: BOM, header without Delete, every matching attempt, formulas neutralised', async ({
  page,
  request,
}) => {
  // The demo client, read only. Formula-looking names are neutralised as src/lib/attempts-csv.test.ts checks.
  const headers = await headersFor(request, DEMO_ADMIN);
  const all = ((await (await request.get('/api/v1/attempts/?page_size=1000', { headers })).json()) as { results: ServerAttempt[] }).results;
  await signIn(page);
  await page.goto('/quiz-report');
  await expect(page.getByText(`Showing 10 of ${all.length} attempts`)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^attempts-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = all.map((attempt) => {
    const name = `${attempt.viewer_detail.first_name} ${attempt.viewer_detail.last_name}`.trim() || attempt.viewer;
    // Statuses in words, as the table shows them.
    const status = ({ COMPLETED: 'Completed', IN_PROGRESS: 'In progress' } as Record<string, string>)[attempt.status] ?? attempt.status;
    return [name, attempt.quiz.name, attempt.score, attempt.time_taken, attempt.rank, status].map(csvCell).join(',');
  });
  const expected = `\uFEFFName,Quiz,Score,Time Taken,Rank,Status\r\n${lines.join('\r\n')}\r\n`;
  expect(bytes.toString('utf8')).toBe(expected);
  expect(bytes.toString('utf8').split('\r\n')[0]).not.toContain('Delete');
});

test('the server export is saved as report.csv', async ({ page }) => {
  await signIn(page);
  await page.goto('/quiz-report');
  await expect(page.getByText(/Showing 10 of \d+ attempts/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('report.csv');
  const text = (await readFile(await download.path())).toString('utf8');
  expect(text.startsWith('\uFEFFName,Email,Mobile,Quiz,Score,Time Taken,Rank,Status,Start Time')).toBe(true);
  // Statuses in words and start times on the reader's clock, as a spreadsheet reader reads them.
  expect(text.split('\r\n')[1]).toMatch(/,(Completed|In progress),\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(text).not.toMatch(/IN_PROGRESS|T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
  // The two buttons say how their files differ.
  await expect(page.getByRole('button', { name: 'CSV Export' })).toHaveAccessibleDescription("CSV Export: the table's columns.");
  await expect(page.getByRole('button', { name: 'Download report.csv' })).toHaveAccessibleDescription(
    "report.csv: also each player's email, mobile and start time.",
  );
});

test('on a 1024x768 tablet the attempts are a compact table, not a card per attempt', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/quiz-report');
  const rows = page.getByRole('table', { name: 'Attempts' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Score' })).toBeVisible();
  // A table row is one line of cells (the cards were ~350 px each).
  expect((await rows.nth(1).boundingBox())?.height).toBeLessThan(100);
});

test('at 768 px beside the sidebar each attempt is a compact card, two short values a line', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/quiz-report');
  const first = page.getByRole('table', { name: 'Attempts' }).getByRole('row').nth(1);
  await expect(first).toBeVisible();
  // One line each for the name and the quiz, the four short values on two, the box and Delete: not ~350 px.
  expect((await first.boundingBox())?.height).toBeLessThan(220);
  const score = await first.getByRole('cell').nth(3).boundingBox();
  const time = await first.getByRole('cell').nth(4).boundingBox();
  expect(time?.y).toBe(score?.y);
});

/** Makes the kept page look older, as if it had been loaded `minutes` ago. */
async function ageSavedPage(page: Page, key: string, minutes: number): Promise<void> {
  await page.evaluate(
    ({ key, minutes }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quiz-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('session', 'readwrite').objectStore('session');
          const read = store.get(key);
          read.onsuccess = () => {
            store.put({ ...read.result, savedAt: Date.now() - minutes * 60_000 });
            store.transaction.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        };
      }),
    { key, minutes },
  );
}

test('offline, the last loaded page stays readable with its age, and deletes and exports wait for a connection', async ({
  page,
  context,
  request,
}) => {
  const { tenant } = await tenantWithAttempts(request);
  await signIn(page, tenant);
  await page.goto('/quiz-report');
  await page.getByRole('navigation', { name: 'Attempts pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Showing 5 of 15 attempts')).toBeVisible();

  await goOffline(page, context);
  await ageSavedPage(page, 'savedPage:attempts', 5);
  await page.reload();
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();
  await expect(page.getByText('Offline: showing the last loaded page')).toBeVisible();
  await expect(page.getByText(/Saved 5 minutes ago\. All quizzes · Page 2/)).toBeVisible();
  await expect(page.getByText('Showing 5 of 15 attempts')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'CSV Export' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Download report.csv' })).toBeDisabled();
  await expect(page.getByText('Exports and deletes need a connection to the server.')).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText('Showing 10 of 15 attempts')).toBeVisible();
  await expect(page.getByText('Offline: showing the last loaded page')).toHaveCount(0);
});
