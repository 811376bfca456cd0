import { expect, test, type Locator } from '@playwright/test';
import { createTenant, signIn } from './support/fixtures';
import { PRIVATE_ROUTES, PUBLIC_ROUTES, TITLE_SUFFIX } from './support/routes';

/** How a spinner's CSS animations run: their timing function and state. */
function turning(spinner: Locator) {
  return spinner.evaluate((element) =>
    element.getAnimations().map((animation) => ({ timing: getComputedStyle(element).animationTimingFunction, state: animation.playState })),
  );
}

test('every private route shows its screen and document title', async ({ page }) => {
  await signIn(page);
  for (const route of PRIVATE_ROUTES) {
    await page.goto(route.path);
    await expect(page).toHaveURL(new RegExp(`${route.path}$`));
    await expect(page).toHaveTitle(`${route.title}${TITLE_SUFFIX}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('an unknown path and the public paths go to the dashboard when logged in', async ({ page }) => {
  await signIn(page);
  for (const path of ['/no-such-screen', '/add-quiz/1/nothing', ...PUBLIC_ROUTES.map((route) => route.path)]) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/dashboard$/);
  }
});

test('a stored token shows the loading spinner, under the screen title, until the user is loaded', async ({ page }) => {
  await signIn(page);
  let release: () => void = () => undefined;
  const userLoaded = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/accounts/user/', async (route) => {
    await userLoaded;
    await route.continue();
  });
  await page.goto('/setting');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setting' })).toBeVisible();
  // The portal's spinner, turned an eighth at a time (ui/Spokes.tsx): ten frames a second, not one per display frame.
  expect(await turning(page.getByRole('status', { name: 'Loading' }))).toEqual([{ timing: 'steps(8)', state: 'running' }]);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  release();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Setting' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
});

test("a signed-in start has a worker load the locale's data for the lists' dates, and the worker ends", async ({ page }) => {
  await signIn(page);
  const workerStarted = page.waitForEvent('worker');
  await page.goto('/list-quiz');
  const worker = await workerStarted;
  expect(worker.url()).toMatch(/locale-data\.worker/);
  await new Promise<void>((resolve) => worker.once('close', () => resolve()));
  await expect(page.getByRole('heading', { name: 'List Quiz' })).toBeVisible();
});

test("before the app's script runs, the page shows a spinner that a CSS animation turns (not the main thread)", async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  const spinner = page.getByRole('status', { name: 'Loading' });
  await expect(spinner).toBeVisible();
  // A CSS animation the compositor can run; an SVG animation (SMIL) would cost the main thread every frame.
  const animations = await spinner.evaluate((element) =>
    element.getAnimations({ subtree: true }).map((animation) => ({
      name: animation instanceof CSSAnimation ? animation.animationName : 'not CSS',
      state: animation.playState,
    })),
  );
  expect(animations).toEqual([{ name: 'boot-spinner-turn', state: 'running' }]);
  expect(await turning(spinner)).toEqual([{ timing: 'steps(8)', state: 'running' }]);
  expect(await page.locator('#root animate, #root animateTransform, #root animateMotion').count()).toBe(0);
});

test('the sidebar lists the spec groups and marks the current screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/list-quiz');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const label of [
    'Dashboard',
    'Add new Quiz',
    'List of Quizzes',
    'Add new Question',
    'List Questions',
    'Question Categories',
    'Add new Poll',
    'List Polls',
    'Quiz Report',
    'Viewers Data',
    'Setting',
  ]) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'List of Quizzes' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Question Categories' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(nav.getByRole('link', { name: 'Question Categories' })).toHaveAttribute('aria-current', 'page');
});

test('the Polls group is hidden when the client has polls disabled', async ({ page }) => {
  const tenant = await createTenant(page.request, { poll_enabled: false });
  await signIn(page, tenant);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'List of Quizzes' })).toBeVisible();
  await expect(nav.getByText('Polls', { exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Add new Poll' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'List Polls' })).toHaveCount(0);
});

test('the top bar names the business and links home when the client has no logo', async ({ page }) => {
  const tenant = await createTenant(page.request);
  await signIn(page, tenant);
  await page.goto('/setting');
  await page.getByRole('banner').getByRole('link', { name: tenant.name }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the sidebar toggle hides and shows the sidebar and is remembered', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(nav).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(nav).toBeVisible();
});

test('the folded sidebar is an icon rail that unfolds on hover', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.getByRole('button', { name: 'Fold navigation' }).click();
  await page.mouse.move(900, 400);
  await expect(nav.getByRole('link', { name: 'Add new Quiz' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Quiz' })).toBeVisible();
  expect((await nav.boundingBox())?.width).toBeLessThan(100);

  await nav.hover();
  await expect(nav.getByRole('link', { name: 'Add new Quiz' })).toBeVisible();
  await page.mouse.move(900, 400);
  await expect(nav.getByRole('link', { name: 'Add new Quiz' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Unfold navigation' }).click();
  await page.mouse.move(900, 400);
  await expect(nav.getByRole('link', { name: 'Add new Quiz' })).toBeVisible();
});

test('on a phone the sidebar is a drawer, closed at first and after navigating', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Quiz Report' }).click();
  await expect(page).toHaveURL(/\/quiz-report$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Quiz Report' })).toBeVisible();
});

test('the help button shows only on /add-quiz and /list-quiz and toggles the help panel', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ['/dashboard', '/add-quiz/1/update', '/list-questions', '/add-category']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Help' }), path).toHaveCount(0);
  }

  for (const path of ['/add-quiz', '/list-quiz']) {
    await page.goto(path);
    const help = page.getByRole('complementary', { name: 'Help' });
    await expect(help).toHaveCount(0);
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(help).toBeVisible();
    await expect(help.getByText('Register categories')).toBeVisible();
    await expect(help.getByText('MANUAL means the admin decides when the status changes.', { exact: false })).toBeVisible();
    await expect(help.getByText("The quiz's unique hash.")).toBeVisible();
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(help).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('complementary', { name: 'Help' }).getByRole('link', { name: 'Add new Question' }).click();
  await expect(page).toHaveURL(/\/add-question$/);
});

test('on a phone the help opens as a drawer', async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/add-quiz');
  await page.getByRole('button', { name: 'Help' }).click();
  const drawer = page.getByRole('dialog', { name: 'Quiz help' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Question Categories' }).click();
  await expect(page).toHaveURL(/\/add-category$/);
  await expect(drawer).toBeHidden();
});

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
]) {
  test(`at ${viewport.width}x${viewport.height} every sidebar entry shows without scrolling, and the top bar names the business`, async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Demo Quiz Co' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(12);
    const fold = await page.getByRole('button', { name: 'Fold navigation' }).boundingBox();
    for (const link of await links.all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = await link.boundingBox();
      // Nothing lies over an entry (the fold arrow once covered "Setting").
      if (box && fold) expect(box.y >= fold.y + fold.height || box.y + box.height <= fold.y || box.x >= fold.x + fold.width).toBe(true);
    }
  });
}
