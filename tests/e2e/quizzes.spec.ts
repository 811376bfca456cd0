import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, createTenant, scrollsSideways, signIn, type Tenant } from './support/fixtures';
import { dragTo, field, localDay } from './support/quiz-form';
import { announced } from './support/keyboard-drag';

// The quiz form with its question picker, and List Quiz with its live controls, online, each
// test on a tenant of its own. Data is set up through the API; the UI is used for what is under test.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface Api {
  tenant: Tenant;
  headers: Record<string, string>;
}

type ServerQuiz = {
  id: number;
  name: string;
  mode: string;
  status: string;
  question_no: number;
  questions: number[];
  quiz_hash: string;
  join_code: string;
  max_attempt_count: number;
  qs_timer: number;
  timer_bw_qs: number;
  before_qs_timer: number;
  time_based: boolean;
  show_count_down: boolean;
  show_options: boolean;
  auth_used: string;
  sponsor_name: string;
  sponsor_logo: string | null;
  start_date_time: string;
  end_date_time: string;
  attempts_count: number;
};

async function api(request: APIRequestContext, options: { social_auth_feature?: boolean } = {}): Promise<Api> {
  const tenant = await createTenant(request, options);
  return { tenant, headers: { Authorization: `Token ${await apiLogin(request, tenant)}` } };
}

async function post<T>(request: APIRequestContext, { headers }: Api, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function category(request: APIRequestContext, context: Api, name: string): Promise<number> {
  return (await post<{ id: number }>(request, context, '/api/v1/category/', { name })).id;
}

async function question(request: APIRequestContext, context: Api, categoryId: number, description: string): Promise<number> {
  const data = { description, category: categoryId, options: 'A: one, B: two, C: three, D: four', correct_option: 'A' };
  return (await post<{ id: number }>(request, context, '/api/v1/questions/', data)).id;
}

const inDays = (days: number, hours = 12) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(hours, 0, 0, 0);
  return date.toISOString();
};

async function quiz(request: APIRequestContext, context: Api, fields: Record<string, unknown>): Promise<ServerQuiz> {
  const data = {
    mode: 'MANUAL',
    qs_timer: 30,
    before_qs_timer: 3,
    join_code: '42',
    max_attempt_count: 1,
    start_date_time: inDays(1),
    end_date_time: inDays(2),
    ...fields,
  };
  return post<ServerQuiz>(request, context, '/api/v1/quiz/', data);
}

async function serverQuizzes(request: APIRequestContext, { headers }: Api): Promise<ServerQuiz[]> {
  const response = await request.get('/api/v1/quiz/?page_size=1000', { headers });
  return ((await response.json()) as { results: ServerQuiz[] }).results;
}

async function serverQuiz(request: APIRequestContext, context: Api, name: string): Promise<ServerQuiz | undefined> {
  return (await serverQuizzes(request, context)).find((row) => row.name === name);
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeDate(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(day);
  await input.press('Tab');
}

const section = (page: Page, name: 'Selected Questions' | 'All Questions') => page.getByRole('region', { name });
const items = (list: Locator) => list.getByRole('listitem');
const listQuizTable = (page: Page) => page.getByRole('table', { name: 'Quizzes' });
const quizRow = (page: Page, name: string) => listQuizTable(page).getByRole('row', { name: new RegExp(`^${name}\\b`) });

test('creates a MANUAL quiz with every field, refusing what the rules refuse', async ({ page, request }) => {
  const context = await api(request, { social_auth_feature: true });
  const history = await category(request, context, 'History');
  const science = await category(request, context, 'Science');
  const first = await question(request, context, history, 'Who built the pyramids?');
  await question(request, context, science, 'What is H2O?');
  const third = await question(request, context, history, 'When did Rome fall?');
  await signIn(page, context.tenant);
  await page.goto('/add-quiz');
  await expect(page).toHaveTitle(/Add Quiz/);
  await expect(page.getByRole('heading', { name: 'Add Quiz', level: 1 })).toBeVisible();
  await expect(items(section(page, 'All Questions'))).toHaveCount(3);

  await page.getByRole('button', { name: 'Save' }).click();
  const form = page.getByRole('form', { name: 'Create quiz' });
  await expect(form.getByText('This field is required.')).toHaveCount(9);

  await field(page, 'Name').fill('Pub night');
  await choose(page, 'Mode', 'MANUAL');
  await expect(field(page, 'Timer Between Questions')).toHaveCount(0);
  await expect(field(page, 'Timer Based')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Announced',
    'Activated',
    'Started',
    'Result Awaited',
    'Result Announced',
    'Completed',
  ]);
  await page.getByRole('option', { name: 'Activated' }).click();
  // Timers below 0 and a question number below 1 are raised to the minimum as the field is left.
  await field(page, 'Question Timer').fill('-1');
  await field(page, 'Question Timer').press('Tab');
  await expect(field(page, 'Question Timer')).toHaveValue('0');
  await field(page, 'Before Question Timer').fill('5');
  await field(page, 'Question Number').fill('0');
  await field(page, 'Question Number').press('Tab');
  await expect(field(page, 'Question Number')).toHaveValue('1');
  await field(page, 'Join Code').pressSequentially('12a345');
  await expect(field(page, 'Join Code')).toHaveValue('1234');
  await field(page, 'Maximum Attempts').fill('3');
  await typeDate(page, 'Start Date', localDay(-1));
  await expect(page.getByRole('textbox', { name: 'Start Date', exact: true })).toHaveValue('');
  await typeDate(page, 'Start Date', localDay(0));
  await field(page, 'Start Time').fill('23:00');
  await typeDate(page, 'End Date', localDay(0));
  await field(page, 'End Time').fill('22:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The end must not be before the start.')).toBeVisible();

  await field(page, 'Question Timer').selectText();
  await page.keyboard.type('20');
  await typeDate(page, 'End Date', localDay(1));
  await field(page, 'Sponsor Name').fill('Acme');
  await page.locator('input[type=file]').setInputFiles({ name: 'sponsor.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: /sponsor/i })).toBeVisible();
  await field(page, 'Show Count Down').check();
  await field(page, 'Show Options').check();
  await page.getByRole('radio', { name: 'Both' }).check();

  // The category filter narrows All; checked items move with the arrow, in All's order.
  await choose(page, 'Category', 'History');
  await page.keyboard.press('Escape');
  await expect(items(section(page, 'All Questions'))).toHaveCount(2);
  await section(page, 'All Questions').getByRole('checkbox', { name: 'When did Rome fall?' }).check();
  await section(page, 'All Questions').getByRole('checkbox', { name: 'Who built the pyramids?' }).check();
  await page.getByRole('button', { name: 'Move checked to Selected Questions' }).click();
  // All lists the bank newest first, so Rome (added last) moves first.
  await expect(items(section(page, 'Selected Questions'))).toHaveText([/When did Rome fall/, /Who built the pyramids/]);
  await expect(section(page, 'All Questions')).toContainText('No question matches the chosen categories.');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await expect(quizRow(page, 'Pub night')).toBeVisible();
  await expect.poll(async () => (await serverQuiz(request, context, 'Pub night'))?.quiz_hash ?? '').not.toBe('');
  const saved = (await serverQuiz(request, context, 'Pub night'))!;
  expect(saved).toMatchObject({
    mode: 'MANUAL',
    status: 'ACTIVATED',
    qs_timer: 20,
    before_qs_timer: 5,
    question_no: 1,
    join_code: '1234',
    max_attempt_count: 3,
    time_based: false,
    show_count_down: true,
    show_options: true,
    auth_used: 'BOTH',
    sponsor_name: 'Acme',
    questions: [third, first],
  });
  expect(saved.sponsor_logo).toMatch(/^https?:\/\//);
  expect(new Date(saved.start_date_time).getHours()).toBe(23);
  await expect(quizRow(page, 'Pub night').getByRole('cell', { name: saved.quiz_hash })).toBeVisible();
});

test('creates an AUTO quiz: its own timers, Timer Based, and only Form Based without social login', async ({ page, request }) => {
  const context = await api(request);
  const general = await category(request, context, 'General');
  const only = await question(request, context, general, 'Capital of France?');
  await signIn(page, context.tenant);
  await page.goto('/add-quiz');
  await expect(page.getByRole('radio', { name: 'Form Based' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Social' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Both' })).toBeDisabled();

  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await expect(page.getByRole('option')).toHaveText(['Announced', 'Started', 'Result Awaited', 'Result Announced', 'Completed']);
  await page.keyboard.press('Escape');
  await field(page, 'Name').fill('Morning AUTO');
  await choose(page, 'Mode', 'AUTO');
  await expect(field(page, 'Question Number')).toHaveCount(0);
  await field(page, 'Question Timer').fill('15');
  await field(page, 'Before Question Timer').fill('2');
  await field(page, 'Join Code').fill('777');
  await typeDate(page, 'Start Date', localDay(1));
  await field(page, 'Start Time').fill('09:00');
  await typeDate(page, 'End Date', localDay(1));
  await field(page, 'End Time').fill('10:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('form', { name: 'Create quiz' }).getByText('This field is required.')).toHaveCount(1);
  await field(page, 'Timer Between Questions').fill('4');
  await field(page, 'Timer Based').check();
  await section(page, 'All Questions').getByRole('checkbox', { name: 'Capital of France?' }).check();
  await page.getByRole('button', { name: 'Move checked to Selected Questions' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await expect(quizRow(page, 'Morning AUTO').getByRole('cell', { name: 'N/A' })).toBeVisible();
  await expect
    .poll(async () => serverQuiz(request, context, 'Morning AUTO'))
    .toMatchObject({
      mode: 'AUTO',
      status: 'ANNOUNCED',
      timer_bw_qs: 4,
      time_based: true,
      auth_used: 'FORM_BASED',
      join_code: '777',
      questions: [only],
    });
});

test('edits a quiz: join code and hash read-only, reorder by mouse and keyboard drag, move across by drag and checkbox', async ({
  page,
  request,
}) => {
  const context = await api(request);
  const general = await category(request, context, 'General');
  const [a, b, c, d] = [
    await question(request, context, general, 'Alpha?'),
    await question(request, context, general, 'Bravo?'),
    await question(request, context, general, 'Charlie?'),
    await question(request, context, general, 'Delta?'),
  ];
  const created = await quiz(request, context, { name: 'Ordered', questions: [a, b, c] });
  await signIn(page, context.tenant);
  await page.goto('/list-quiz');
  await quizRow(page, 'Ordered').getByRole('link', { name: 'Edit Ordered' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-quiz/${created.id}/update$`));
  await expect(page.getByRole('heading', { name: 'Edit Quiz' })).toBeVisible();
  await expect(field(page, 'Join Code')).toHaveAttribute('readonly', '');
  await expect(field(page, 'Quiz Hash')).toHaveValue(created.quiz_hash);
  await expect(field(page, 'Quiz Hash')).toHaveAttribute('readonly', '');
  const selected = section(page, 'Selected Questions');
  await expect(items(selected)).toHaveText([/Alpha/, /Bravo/, /Charlie/]);

  // Mouse: Charlie dragged onto Alpha goes first.
  await dragTo(page, selected.getByRole('button', { name: 'Drag Charlie?' }), selected.getByRole('button', { name: 'Drag Alpha?' }));
  await expect(items(selected)).toHaveText([/Charlie/, /Alpha/, /Bravo/]);

  // Keyboard: Space lifts Charlie, ArrowDown moves it one place, Space drops it.
  // Each key waits for the drag's screen reader announcement: the drag measures the lists between keys.
  await selected.getByRole('button', { name: 'Drag Charlie?' }).focus();
  await page.keyboard.press('Space');
  await announced(page, 'Charlie? is over Charlie? in Selected Questions.');
  await page.keyboard.press('ArrowDown');
  await announced(page, 'Charlie? is over Alpha? in Selected Questions.');
  await page.keyboard.press('Space');
  await announced(page, 'Charlie? dropped in Selected Questions.');
  await expect(items(selected)).toHaveText([/Alpha/, /Charlie/, /Bravo/]);

  // Across: Delta dragged from All onto Bravo lands before it; Alpha leaves by checkbox and arrow.
  await dragTo(
    page,
    section(page, 'All Questions').getByRole('button', { name: 'Drag Delta?' }),
    selected.getByRole('button', { name: 'Drag Bravo?' }),
  );
  await expect(items(selected)).toHaveText([/Alpha/, /Charlie/, /Delta/, /Bravo/]);
  await selected.getByRole('checkbox', { name: 'Alpha?' }).check();
  await page.getByRole('button', { name: 'Move checked to All Questions' }).click();
  await expect(items(selected)).toHaveText([/Charlie/, /Delta/, /Bravo/]);

  await field(page, 'Name').fill('Ordered again');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await expect
    .poll(async () => serverQuiz(request, context, 'Ordered again'))
    .toMatchObject({ id: created.id, questions: [c, d, b], join_code: '42' });
});

test('deletes a quiz after asking', async ({ page, request }) => {
  const context = await api(request);
  const created = await quiz(request, context, { name: 'Doomed' });
  await signIn(page, context.tenant);
  await page.goto('/list-quiz');
  await quizRow(page, 'Doomed').getByRole('link', { name: 'Delete Doomed' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-quiz/${created.id}/delete$`));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await quizRow(page, 'Doomed').getByRole('link', { name: 'Delete Doomed' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/list-quiz$/);
  await expect(listQuizTable(page)).toContainText('No quizzes yet.');
  await expect.poll(async () => (await serverQuizzes(request, context)).length).toBe(0);
});

test('steps a started MANUAL quiz and moves its status forward only; a failed control says so', async ({ page, request }) => {
  const context = await api(request);
  const general = await category(request, context, 'General');
  const ids = [
    await question(request, context, general, 'One?'),
    await question(request, context, general, 'Two?'),
    await question(request, context, general, 'Three?'),
  ];
  const stage = await quiz(request, context, { name: 'Stage', status: 'STARTED', questions: ids });
  await quiz(request, context, { name: 'Waiting', status: 'ACTIVATED', questions: ids });
  await quiz(request, context, { name: 'Clockwork', mode: 'AUTO', timer_bw_qs: 5, questions: ids });
  await signIn(page, context.tenant);
  await page.goto('/list-quiz');
  await expect(listQuizTable(page).getByRole('columnheader')).toHaveText([
    'Name',
    'Questions',
    'Mode',
    'Status',
    'Start Time',
    'End Time',
    'Quiz Hash',
    'Edit',
    'Delete',
    'Players',
    'Reset Attempts',
  ]);
  await expect(page.getByText('3 quizzes')).toBeVisible();
  await expect(quizRow(page, 'Clockwork').getByRole('cell', { name: 'N/A' })).toBeVisible();
  await expect(quizRow(page, 'Waiting').getByRole('button', { name: 'Next question of Waiting' })).toBeDisabled();

  const row = quizRow(page, 'Stage');
  const previous = row.getByRole('button', { name: 'Previous question of Stage' });
  const next = row.getByRole('button', { name: 'Next question of Stage' });
  await expect(row.getByText('1 / 3')).toBeVisible();
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(row.getByText('2 / 3')).toBeVisible();
  await next.click();
  await expect(row.getByText('3 / 3')).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect(row.getByText('2 / 3')).toBeVisible();
  await expect.poll(async () => (await serverQuiz(request, context, 'Stage'))?.question_no).toBe(2);

  // A native select: its options are the statuses offered, its value the status code.
  const status = row.getByRole('combobox', { name: 'Status of Stage' });
  await expect(status.getByRole('option')).toHaveText(['Started', 'Result Awaited', 'Result Announced', 'Completed']);
  await status.selectOption({ label: 'Result Awaited' });
  await expect(status).toHaveValue('RESULT_AWAITED');
  await expect(next).toBeDisabled();
  await expect(previous).toBeDisabled();
  await expect.poll(async () => (await serverQuiz(request, context, 'Stage'))?.status).toBe('RESULT_AWAITED');
  await expect(status.getByRole('option')).toHaveText(['Result Awaited', 'Result Announced', 'Completed']);

  await page.route(`**/api/v1/quiz/${stage.id}/`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, json: { detail: 'Server exploded' } }) : route.fallback(),
  );
  await status.selectOption({ label: 'Completed' });
  await page.getByRole('dialog', { name: 'Set Stage to Completed?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There was an error!' })).toBeVisible();
  await expect(status).toHaveValue('RESULT_AWAITED');
  expect((await serverQuiz(request, context, 'Stage'))?.status).toBe('RESULT_AWAITED');
});

test('resets attempts (only offered with attempts) and copies the viewer link for 1 second', async ({
  page,
  context: browser,
  request,
}) => {
  const context = await api(request);
  const played = await quiz(request, context, { name: 'Played', status: 'COMPLETED' });
  await quiz(request, context, { name: 'Fresh' });
  const seeded = await request.post('/api/__test__/attempts', { data: { quiz: played.id, count: 3 } });
  expect(seeded.status(), await seeded.text()).toBe(201);
  await signIn(page, context.tenant);
  await page.goto('/list-quiz');
  await expect(quizRow(page, 'Fresh').getByRole('button', { name: 'Reset Attempts of Fresh' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /Copy viewer link/ })).toHaveCount(0);

  const reset = quizRow(page, 'Played').getByRole('button', { name: 'Reset Attempts of Played' });
  await reset.click();
  await expect(page.getByText('Delete all 3 attempts of Played?')).toBeVisible();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(reset).toBeDisabled();
  await expect.poll(async () => (await serverQuiz(request, context, 'Played'))?.attempts_count).toBe(0);

  const patched = await request.patch(`/api/v1/profiles/client/${context.tenant.clientId}/`, {
    headers: context.headers,
    multipart: { viewer_app_url: 'https://viewer.example/quiz/' },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await browser.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.reload();
  const copy = quizRow(page, 'Played').getByRole('button', { name: 'Copy viewer link of Played' });
  await copy.click();
  const copied = page.getByRole('tooltip', { name: 'Copied' });
  await expect(copied).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://viewer.example/quiz/${played.quiz_hash}`);
  await expect(copied).toBeHidden({ timeout: 2_000 });
});

test('List Quiz searches (clearing restores), pages, and fits a 320 px phone with stage-sized controls', async ({ page, request }) => {
  const context = await api(request);
  // One name has a word of its own: short terms may also match a random quiz hash.
  for (let index = 1; index <= 12; index += 1) {
    await quiz(request, context, {
      name: index === 7 ? 'Round 07 Finale' : `Round ${String(index).padStart(2, '0')}`,
      status: 'STARTED',
      questions: [],
    });
  }
  await page.setViewportSize({ width: 320, height: 720 });
  await signIn(page, context.tenant);
  await page.goto('/list-quiz');
  await expect(page.getByText('12 quizzes')).toBeVisible();
  await expect(listQuizTable(page).getByRole('row')).toHaveCount(11);
  await page.getByRole('navigation', { name: 'Quizzes pages' }).getByRole('button', { name: 'Page 2' }).click();
  await expect(listQuizTable(page).getByRole('row')).toHaveCount(3);
  await page.getByLabel('Search').fill('finale');
  await expect(listQuizTable(page).getByRole('row')).toHaveCount(2);
  await expect(page.getByText('1 quiz', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByText('12 quizzes')).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  const next = quizRow(page, 'Round 12').getByRole('button', { name: 'Next question of Round 12' });
  const box = (await next.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await page.goto('/add-quiz');
  await expect(page.getByRole('heading', { name: 'Add Quiz' })).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
});
