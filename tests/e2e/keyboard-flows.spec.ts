import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, createTenant, DEMO_ADMIN, signIn, type Tenant } from './support/fixtures';
import { createCategory, createQuestion, serverQuestions, tenantApi } from './support/questions';
import { announced } from './support/keyboard-drag';

// The spec's main flows with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, typing), and
// every element reached by Tab shows where the focus is (its outline, shadow or border differs from unfocused).

/** Compares the focused element's look with its look unfocused; answers what it is when they are the same. */
async function focusNotVisible(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    // Checked once per element: Tab inside a time field moves between its parts, and the blur below would
    // send it back to the first part, keeping the focus there forever.
    const seen = window as unknown as { focusChecked?: Element };
    if (seen.focusChecked === element) return null;
    seen.focusChecked = element;
    // The indicator may be drawn on the element or on the wrapper that draws its box (a password field's).
    const drawn = [element, element.parentElement, element.parentElement?.parentElement].filter((each): each is HTMLElement =>
      Boolean(each),
    );
    // Transitions off while measuring: mid-transition the unfocused look would still be the focused one.
    const transitions = drawn.map((each) => each.style.transition);
    for (const each of drawn) each.style.transition = 'none';
    const look = () =>
      drawn
        .map((each) => {
          const style = getComputedStyle(each);
          return [
            style.outlineStyle,
            style.outlineWidth,
            style.outlineColor,
            style.boxShadow,
            style.borderColor,
            style.backgroundColor,
          ].join('|');
        })
        .join('/');
    const focused = look();
    element.blur();
    const unfocused = look();
    element.focus();
    drawn.forEach((each, index) => (each.style.transition = transitions[index] ?? ''));
    return focused === unfocused ? element.outerHTML.slice(0, 120) : null;
  });
}

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, checking each stop shows its focus. */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; maxStops?: number } = {}): Promise<void> {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  for (let stop = 0; stop < (options.maxStops ?? 80); stop += 1) {
    await page.keyboard.press(key);
    expect(await focusNotVisible(page), 'a focused element without a visible focus indicator').toBeNull();
    if (
      await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false)
    )
      return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('signs in with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(DEMO_ADMIN.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(DEMO_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('opens the account menu and logs out by keyboard, and Escape closes the menu back onto its button', async ({ page }) => {
  const tenant = await createTenant(page.request);
  await signIn(page, tenant);
  await page.goto('/dashboard');
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await tabTo(page, accountMenu);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  // The menu takes the focus as it opens (its focus trap); Escape is heard from there.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeHidden();
  await expect(accountMenu).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(accountMenu).toHaveAttribute('aria-expanded', 'true');
  // As above: the arrow is heard once the menu has the focus (its trap takes it a moment after opening).
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="menu"]')))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

test('adds a category, then deletes it with its confirmation, by keyboard', async ({ page }) => {
  const tenant = await createTenant(page.request);
  await signIn(page, tenant);
  await page.goto('/add-category');
  const form = page.getByRole('form', { name: 'Add category' });
  await tabTo(page, form.getByLabel('Name'));
  await page.keyboard.type('Keyboard Club');
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table.getByRole('row', { name: /^Keyboard Club\b/ })).toBeVisible();

  await tabTo(page, table.getByRole('link', { name: 'Delete Keyboard Club', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Are you sure you want to delete this Category Instance?')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(table.getByRole('row', { name: /^Keyboard Club\b/ })).toHaveCount(0);
});

test('adds a question by keyboard', async ({ page }) => {
  const tenant = await createTenant(page.request);
  const api = await tenantApi(page.request, tenant);
  await createCategory(api, 'Space');
  await signIn(page, tenant);
  await page.goto('/add-question');
  const form = page.getByRole('form', { name: 'Add question' });
  await tabTo(page, form.getByRole('combobox', { name: 'Category' }));
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('combobox', { name: 'Category' }).locator('option:checked')).toHaveText('Space');
  await tabTo(page, form.getByLabel('Description'));
  await page.keyboard.type('Largest planet?');
  for (const [letter, text] of [
    ['A', 'Mars'],
    ['B', 'Jupiter'],
    ['C', 'Venus'],
    ['D', 'Earth'],
  ] as const) {
    await tabTo(page, form.getByRole('textbox', { name: `Option ${letter}` }));
    await page.keyboard.type(text);
  }
  // The letters are one radio group: Tab reaches the first, an arrow key picks the next.
  await tabTo(page, form.getByRole('radio', { name: 'A' }));
  await page.keyboard.press('ArrowRight');
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list-questions$/);
  await expect
    .poll(async () => (await serverQuestions(api)).map((question) => `${question.description} ${question.correct_option}`))
    .toEqual(['Largest planet? B']);
});

async function quizWithQuestions(tenant: Tenant, page: Page, names: string[]): Promise<{ quiz: number; questions: number[] }> {
  const api = await tenantApi(page.request, tenant);
  const category = await createCategory(api, 'General');
  const questions: number[] = [];
  for (const name of names) questions.push(await createQuestion(api, category, name));
  const response = await page.request.post('/api/v1/quiz/', {
    headers: { Authorization: `Token ${await apiLogin(page.request, tenant)}` },
    data: {
      name: 'Keys night',
      mode: 'MANUAL',
      status: 'STARTED',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: '31',
      max_attempt_count: 1,
      start_date_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_date_time: new Date(Date.now() + 86_400_000).toISOString(),
      questions: questions.slice(0, 2),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { quiz: ((await response.json()) as { id: number }).id, questions };
}

test('builds a quiz with the picker by keyboard (check, move, keyboard drag) and steps it', async ({ page }) => {
  const tenant = await createTenant(page.request);
  const { quiz, questions } = await quizWithQuestions(tenant, page, ['Alpha?', 'Bravo?', 'Charlie?']);
  await signIn(page, tenant);
  await page.goto(`/add-quiz/${quiz}/update`);
  const selected = page.getByRole('region', { name: 'Selected Questions' });
  const all = page.getByRole('region', { name: 'All Questions' });
  await expect(selected.getByRole('listitem')).toHaveText([/Alpha/, /Bravo/]);

  await tabTo(page, all.getByRole('checkbox', { name: 'Charlie?' }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Move checked to Selected Questions' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(selected.getByRole('listitem')).toHaveText([/Alpha/, /Bravo/, /Charlie/]);

  // The drag's keyboard sensor: Space lifts, arrows move, Space drops; each key waits for the announcement.
  await tabTo(page, selected.getByRole('button', { name: 'Drag Charlie?' }), { backwards: true });
  await page.keyboard.press('Space');
  await announced(page, 'Charlie? is over Charlie? in Selected Questions.');
  await page.keyboard.press('ArrowUp');
  await announced(page, 'Charlie? is over Bravo? in Selected Questions.');
  await page.keyboard.press('ArrowUp');
  await announced(page, 'Charlie? is over Alpha? in Selected Questions.');
  await page.keyboard.press('Space');
  await announced(page, 'Charlie? dropped in Selected Questions.');
  await expect(selected.getByRole('listitem')).toHaveText([/Charlie/, /Alpha/, /Bravo/]);

  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list-quiz$/);
  const headers = { Authorization: `Token ${await apiLogin(page.request, tenant)}` };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/quiz/${quiz}/`, { headers })).json()) as { questions: number[] }).questions)
    .toEqual([questions[2], questions[0], questions[1]]);

  const row = page.getByRole('table', { name: 'Quizzes' }).getByRole('row', { name: /Keys night/ });
  await expect(row.getByText('1 / 3')).toBeVisible();
  await tabTo(page, row.getByRole('button', { name: 'Next question of Keys night' }));
  await page.keyboard.press('Enter');
  await expect(row.getByText('2 / 3')).toBeVisible();
});

test('every Tab stop of the main screens shows where the focus is', async ({ page }) => {
  await signIn(page);
  for (const path of ['/dashboard', '/list-questions', '/list-quiz', '/list-polls', '/setting']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (let stop = 0; stop < 25; stop += 1) {
      await page.keyboard.press('Tab');
      expect(await focusNotVisible(page), `${path}, Tab stop ${stop + 1}`).toBeNull();
    }
  }
});
