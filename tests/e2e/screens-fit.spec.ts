import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { apiLogin, createTenant, signIn, type Tenant } from './support/fixtures';
import { createCategory, createQuestion, type TenantApi } from './support/questions';

// Every screen fits its content: a 150-character one-word name (the longest a player may give) is cut with an
// ellipsis on the 375x667 phone and on the stage from 1280x720 to 3840x2160, and nothing overflows its panel; a
// question with an image shows all its options on the phone without scrolling; long questions fit the stage; no
// portal notice shows on the stage.

const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const STAGE_SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
];
/** Live changes reach a screen through the live channel. */
const LIVE = { timeout: 15_000 };

/** One word of 150 characters, the most a first name may have. */
const LONG_NAME = `Bartholomew${'x'.repeat(139)}`;
const OTHER_LONG_NAME = `Zebedee${'y'.repeat(143)}`;
/** Enough of a name to find it in a cut cell. */
const shown = (name: string) => name.slice(0, 20);

interface Game {
  tenant: Tenant;
  api: TenantApi;
  quizId: number;
  quizHash: string;
}

/** A tenant (whose stage shows who joined in the last 10 minutes) with an announced MANUAL quiz of one question. */
async function announcedQuiz(
  request: APIRequestContext,
  baseURL: string,
  question: Parameters<typeof createQuestion>[3] & { description: string },
): Promise<Game> {
  const tenant = await createTenant(request);
  const api: TenantApi = { request, headers: { Authorization: `Token ${await apiLogin(request, tenant)}` } };
  const profile = await request.patch(`/api/v1/profiles/client/${tenant.clientId}/`, {
    headers: api.headers,
    data: { recent_participant_time: 600, viewer_app_url: `${baseURL}/play/` },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const { description, ...fields } = question;
  const questionId = await createQuestion(api, await createCategory(api, 'General'), description, fields);
  const response = await request.post('/api/v1/quiz/', {
    headers: api.headers,
    data: {
      name: 'Fit Quiz',
      mode: 'MANUAL',
      status: 'ANNOUNCED',
      questions: [questionId],
      qs_timer: 120,
      before_qs_timer: 0,
      show_count_down: true,
      show_options: true,
      join_code: '42',
      max_attempt_count: 1,
      start_date_time: '2020-01-01T10:00:00Z',
      end_date_time: '2099-01-01T11:00:00Z',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const quiz = (await response.json()) as { id: number; quiz_hash: string };
  return { tenant, api, quizId: quiz.id, quizHash: quiz.quiz_hash };
}

/** A real 800x600 PNG (a map-like picture), drawn on a canvas of a blank page. */
async function picture(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const drawing = canvas.getContext('2d')!;
    drawing.fillStyle = '#a5d8ff';
    drawing.fillRect(0, 0, 800, 600);
    drawing.fillStyle = '#2f9e44';
    drawing.beginPath();
    drawing.ellipse(400, 300, 300, 200, 0, 0, 2 * Math.PI);
    drawing.fill();
    return canvas.toDataURL('image/png');
  });
  await page.close();
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function setStatus(game: Game, status: string): Promise<void> {
  const response = await game.api.request.patch(`/api/v1/quiz/${game.quizId}/`, { headers: game.api.headers, data: { status } });
  expect(response.status(), await response.text()).toBe(200);
}

async function phoneJoins(browser: Browser, baseURL: string, game: Game, firstName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const page = await context.newPage();
  await page.goto(`/play/${game.quizHash}`);
  await page.getByLabel('Join code').fill('42');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Player');
  await page.getByLabel('Email').fill(`${firstName.slice(0, 12).toLowerCase()}-${Date.now()}@players.test`);
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible(LIVE);
  return page;
}

let apiPlayers = 0;

/** A player joining through the API, for their name on the screens; returns their participant token. */
async function apiJoins(request: APIRequestContext, game: Game, firstName: string): Promise<string> {
  apiPlayers += 1;
  const response = await request.post(`/api/v1/play/quizzes/${game.quizHash}/join`, {
    data: {
      join_code: '42',
      first_name: firstName,
      last_name: 'Player',
      email: `api-${apiPlayers}-${Date.now()}@players.test`,
      mobile: '+44 7700 900124',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

async function within(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a, `${what}: shown`).not.toBeNull();
  expect(b, `${what}: its panel shown`).not.toBeNull();
  expect(a!.x, `${what}: left edge`).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.y, `${what}: top edge`).toBeGreaterThanOrEqual(b!.y - 1);
  expect(a!.x + a!.width, `${what}: right edge`).toBeLessThanOrEqual(b!.x + b!.width + 1);
  expect(a!.y + a!.height, `${what}: bottom edge`).toBeLessThanOrEqual(b!.y + b!.height + 1);
}

/**
 * Each element showing the long name lies inside the panel, and is cut with an ellipsis (it is wider than any
 * of these panels in one line); the panel itself does not spill, and the page does not scroll sideways.
 */
async function namesFit(page: Page, panel: Locator, names: readonly string[], where: string): Promise<void> {
  for (const name of names) {
    const cells = panel.getByText(shown(name));
    await expect(cells.first(), `${where}: ${shown(name)}…`).toBeVisible(LIVE);
    for (const cell of await cells.all()) {
      await within(cell, panel, `${where}: ${shown(name)}…`);
      const cut = await cell.evaluate((element) => ({
        cut: element.scrollWidth > element.clientWidth,
        ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
      }));
      expect(cut, `${where}: ${shown(name)}… cut with an ellipsis`).toEqual({ cut: true, ellipsis: true });
    }
  }
  expect(await panel.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), `${where}: the panel spills sideways`).toBe(
    true,
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    `${where}: the page scrolls sideways`,
  ).toBe(true);
}

/** namesFit at every stage size, back at 1920x1080 after. */
async function namesFitTheStage(stage: Page, panel: Locator, names: readonly string[], where: string): Promise<void> {
  for (const size of STAGE_SIZES) {
    await stage.setViewportSize(size);
    await namesFit(stage, panel, names, `${where} at ${size.width}x${size.height}`);
    await expect(async () => panelFits(panel, `${where} at ${size.width}x${size.height}`)).toPass();
  }
  await stage.setViewportSize(STAGE_SIZES[1]!);
}

/** The panel's content fits it: nothing below or beside its edges, whatever is cut off-screen. */
async function panelFits(panel: Locator, where: string): Promise<void> {
  const sizes = await panel.evaluate((element) => ({
    overflowsDown: element.scrollHeight > element.clientHeight + 1,
    overflowsSideways: element.scrollWidth > element.clientWidth + 1,
  }));
  expect(sizes, where).toEqual({ overflowsDown: false, overflowsSideways: false });
}

test('a 150-character one-word name is cut with an ellipsis on the phone and on the stage at every size', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const game = await announcedQuiz(request, baseURL!, {
    description: 'Capital of France?',
    options: 'A: Paris, B: Rome, C: Madrid, D: Berlin',
    correct_option: 'A',
  });
  const phone = await phoneJoins(browser, baseURL!, game, LONG_NAME);
  // Ten players in all, so the top tens are full.
  const others: string[] = [];
  for (const name of [OTHER_LONG_NAME, 'Cai', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo'])
    others.push(await apiJoins(request, game, name));
  const names = [LONG_NAME, OTHER_LONG_NAME];

  // The phone's lobby: who just joined, measured once all ten have arrived (the list is drawn again as each does).
  await expect(phone.getByRole('status').filter({ hasText: '10 players joined' })).toBeVisible(LIVE);
  await namesFit(phone, phone.getByRole('main'), names, 'the phone’s lobby');

  // The stage's lobby: who is joining, beside the QR code and the link, which stay in their panel.
  const stageContext = await browser.newContext({ baseURL, viewport: STAGE_SIZES[1] });
  const stage = await stageContext.newPage();
  await signIn(stage, game.tenant);
  await stage.goto(`/list-quiz/${game.quizId}/stage`);
  const join = stage.getByRole('region', { name: 'How to join' });
  await expect(join.getByRole('img', { name: /join QR code/i })).toBeVisible(LIVE);
  await namesFitTheStage(stage, stage.getByRole('region', { name: 'Lobby' }), names, 'the stage’s lobby');
  for (const size of STAGE_SIZES) {
    await stage.setViewportSize(size);
    await within(join.getByRole('img', { name: /join QR code/i }), join, `the QR code at ${size.width}x${size.height}`);
    await within(join.getByText(/\/play\//), join, `the link at ${size.width}x${size.height}`);
    await panelFits(join, `the join panel at ${size.width}x${size.height}`);
  }
  await stage.setViewportSize(STAGE_SIZES[1]!);

  // Everybody answers, only the two long names right (first and second on the podium): the round is revealed, and
  // the stage shows the top ten so far.
  await setStatus(game, 'ACTIVATED');
  await setStatus(game, 'STARTED');
  await expect(phone.getByRole('heading', { name: 'Capital of France?' })).toBeVisible(LIVE);
  await phone.getByRole('button', { name: 'A: Paris' }).click();
  for (const [index, token] of others.entries()) {
    const question = (
      (await (await request.get('/api/v1/play/attempt/', { headers: { Authorization: `Participant ${token}` } })).json()) as {
        question: { id: number };
      }
    ).question;
    const answered = await request.post('/api/v1/play/attempt/answers', {
      headers: { Authorization: `Participant ${token}`, 'Idempotency-Key': `fit-${index}-${Date.now()}` },
      data: { question: question.id, chosen_option: index === 0 ? 'A' : 'B', chosen_at: Date.now() },
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }
  await expect(phone.getByRole('heading', { name: 'Right!' })).toBeVisible(LIVE);
  await expect(stage.getByRole('list', { name: 'Top ten so far' }).getByRole('listitem')).toHaveCount(10, LIVE);
  await namesFitTheStage(stage, stage.getByRole('region', { name: 'Top ten' }), names, 'the top ten so far');

  // The podium, and the phone's top ten, whose Score column stays on the phone.
  await setStatus(game, 'RESULT_AWAITED');
  await setStatus(game, 'RESULT_ANNOUNCED');
  await namesFitTheStage(stage, stage.getByRole('region', { name: 'Results' }), names, 'the podium');
  const table = phone.getByRole('table', { name: 'Top ten' });
  await expect(table.getByRole('row')).toHaveCount(11, LIVE);
  await namesFit(phone, phone.getByRole('main'), names, 'the phone’s top ten');
  for (const score of await table.getByRole('cell').filter({ hasText: /^\d+$/ }).all()) {
    await within(score, table, 'a score of the phone’s top ten');
  }
  await within(table, phone.getByRole('main'), 'the phone’s top ten');
  await expect(table.getByRole('columnheader', { name: 'Score' })).toBeInViewport({ ratio: 1 });

  // The final ranking.
  await setStatus(game, 'COMPLETED');
  await expect(stage.getByRole('list', { name: 'Final ranking' }).getByRole('listitem')).toHaveCount(10, LIVE);
  await namesFitTheStage(stage, stage.getByRole('region', { name: 'Final ranking' }), names, 'the final ranking');

  await stageContext.close();
  await phone.context().close();
});

test('a question with an image shows every option on a 375x667 phone; long questions fit the stage at every size', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const description =
    'Which of these cities, all of them capitals of European countries at some point in their history, lies furthest north of the others?';
  const game = await announcedQuiz(request, baseURL!, {
    description,
    options:
      'A: Reykjavik on the south-western coast of Iceland, B: Helsinki on the northern shore of the Gulf of Finland, C: Oslo at the head of the Oslofjord in southern Norway, D: Stockholm spread over fourteen islands of the Baltic Sea',
    correct_option: 'A',
    image: { name: 'map.png', mimeType: 'image/png', buffer: await picture(browser) },
  });
  const phone = await phoneJoins(browser, baseURL!, game, 'Ana');
  const stageContext = await browser.newContext({ baseURL, viewport: STAGE_SIZES[0] });
  const stage = await stageContext.newPage();
  await signIn(stage, game.tenant);
  await stage.goto(`/list-quiz/${game.quizId}/stage`);
  await expect(stage.getByRole('region', { name: 'Lobby' })).toBeVisible(LIVE);

  await setStatus(game, 'ACTIVATED');
  await setStatus(game, 'STARTED');

  // The phone: the question, its image and the four options, all within the screen, with no scrolling.
  await expect(phone.getByRole('heading', { name: description })).toBeVisible(LIVE);
  const options = phone.getByRole('group', { name: 'Options' }).getByRole('button');
  await expect(options).toHaveCount(4);
  await expect(phone.getByRole('heading', { name: description })).toBeInViewport({ ratio: 1 });
  await expect(phone.locator('img.question-image')).toBeInViewport({ ratio: 1 });
  expect((await phone.locator('img.question-image').boundingBox())!.height).toBeGreaterThanOrEqual(48);
  for (const option of await options.all()) {
    await expect(option).toBeInViewport({ ratio: 1 });
    expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  }
  expect(await phone.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);

  // The stage: the question, its image, the options and the "answered" line inside the panel at every size.
  const panel = stage.getByRole('region', { name: 'Question' });
  await expect(panel.getByText(description, { exact: true })).toBeVisible(LIVE);
  for (const size of STAGE_SIZES) {
    await stage.setViewportSize(size);
    const where = `the question at ${size.width}x${size.height}`;
    await expect(async () => panelFits(panel, where)).toPass();
    await within(panel.getByText(description, { exact: true }), panel, `${where}: its text`);
    // Readable from the back of the room: this question fits at 48 px or more on a 1920 px wide stage.
    if (size.width === 1920) {
      const fontSize = await panel
        .getByText(description, { exact: true })
        .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(fontSize, `${where}: its text size`).toBeGreaterThanOrEqual(48);
    }
    await within(panel.getByText(/^\d+ answered$/), panel, `${where}: the answered line`);
    for (const option of await panel.getByRole('listitem').all()) await within(option, panel, `${where}: an option`);
  }

  // The reveal: the phone tells the right option with its text; the stage's split fits too.
  await phone.getByRole('button', { name: /^B: Helsinki/ }).click();
  await expect(phone.getByRole('heading', { name: 'Wrong' })).toBeVisible(LIVE);
  await expect(phone.getByText('The answer was A: Reykjavik on the south-western coast of Iceland', { exact: true })).toBeVisible();
  const answers = stage.getByRole('region', { name: 'Answers' });
  await expect(answers.getByRole('listitem', { name: /correct answer$/ })).toBeVisible(LIVE);
  for (const size of STAGE_SIZES) {
    await stage.setViewportSize(size);
    await expect(async () => panelFits(answers, `the answers at ${size.width}x${size.height}`)).toPass();
  }

  await stageContext.close();
  await phone.context().close();
});

test('the stage never shows a portal notice: "Ready to work offline" waits until the portal is back', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const game = await announcedQuiz(request, baseURL!, { description: 'Capital of France?' });
  const context = await browser.newContext({ baseURL, viewport: STAGE_SIZES[1] });
  const page = await context.newPage();
  await signIn(page, game.tenant);
  // A first visit installs the portal's service worker, which then says the portal works offline.
  await page.goto('/dashboard');
  const notice = page.getByRole('status').filter({ hasText: 'Ready to work offline' });
  await expect(notice).toBeVisible({ timeout: 45_000 });

  // In the same page, to the stage: the notice is not over the projected screen.
  const goTo = (path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await goTo(`/list-quiz/${game.quizId}/stage`);
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  expect(await page.getByText('Ready to work offline').count()).toBe(0);
  expect(await page.locator('.mantine-Notifications-root').count()).toBe(0);

  // Back in the portal, the notice shows: it only waited.
  await goTo('/dashboard');
  await expect(notice).toBeVisible();
  await context.close();
});
