import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { DEMO_ADMIN, apiLogin, signIn } from './support/fixtures';
import { violations } from './support/axe';

// The stage (docs/decisions.md "Stage") end to end: a 1920x1080 big screen, the quizmaster's 375 px control screen
// and two 375 px players play the demo's whole MANUAL quiz (demo-live-quiz, join code 1234). The players open
// the link decoded from a screenshot of the stage's QR code. Then the demo poll's stage (link key demo-poll-link, 4321)
// draws a vote cast from a phone.

const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true };
const BIG = { viewport: { width: 1920, height: 1080 } };
/** Live changes reach a screen through the live channel. */
const LIVE = { timeout: 15_000 };

interface QuizDetail {
  id: number;
  name: string;
  quiz_hash: string;
  questions_detail: { description: string; correct_option: string }[];
}

async function demoQuiz(request: APIRequestContext, headers: Record<string, string>): Promise<QuizDetail> {
  const list = await request.get('/api/v1/quiz/?search=demo-live-quiz', { headers });
  expect(list.status()).toBe(200);
  const found = ((await list.json()) as { results: { id: number; quiz_hash: string }[] }).results.find(
    (quiz) => quiz.quiz_hash === 'demo-live-quiz',
  );
  expect(found, 'the demo quiz').toBeDefined();
  const detail = await request.get(`/api/v1/quiz/${found!.id}/`, { headers });
  return (await detail.json()) as QuizDetail;
}

async function context(browser: Browser, baseURL: string | undefined, options: object): Promise<{ context: BrowserContext; page: Page }> {
  const created = await browser.newContext({ baseURL, ...options });
  return { context: created, page: await created.newPage() };
}

/** Decodes the QR code of a screenshot (PNG) with jsqr, the pixels read back through a canvas of the page. */
async function decodeQr(page: Page, png: Buffer): Promise<string | null> {
  const pixels = await page.evaluate(
    async (source) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const drawing = canvas.getContext('2d')!;
      drawing.drawImage(image, 0, 0);
      const data = drawing.getImageData(0, 0, canvas.width, canvas.height);
      return { width: data.width, height: data.height, data: Array.from(data.data) };
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

async function join(page: Page, link: string, first: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Join code').fill('1234');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Player');
  await page.getByLabel('Email').fill(`${first.toLowerCase()}-stage@players.test`);
  await page.getByLabel('Mobile').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('heading', { name: "You're in!" })).toBeVisible(LIVE);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const fontSize = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

test('a whole MANUAL quiz on a 1920x1080 stage with a control screen and two phones; then a poll', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const headers = { Authorization: `Token ${await apiLogin(request, DEMO_ADMIN)}` };
  const quiz = await demoQuiz(request, headers);
  // The demo comes with attempts of its own: Reset Attempts, so the room is these two players.
  const reset = await request.put('/api/v1/quiz-reset-attempts/', { headers, multipart: { quiz: String(quiz.id) } });
  expect(reset.status(), await reset.text()).toBe(200);
  // A minute per question: on a loaded machine the checks between the question and the phones' answers take time.
  const patched = await request.patch(`/api/v1/quiz/${quiz.id}/`, { headers, data: { qs_timer: 60 } });
  expect(patched.status(), await patched.text()).toBe(200);

  // The big screen: the lobby with the QR code, the link, the join code; no contrast failures.
  const stage = await context(browser, baseURL, BIG);
  await signIn(stage.page);
  await stage.page.goto(`/list-quiz/${quiz.id}/stage`);
  const qr = stage.page.getByRole('img', { name: /join QR code/i });
  await expect(qr).toBeVisible(LIVE);
  await expect(stage.page.getByText('1234', { exact: true })).toBeVisible();
  await expect(stage.page.getByText('0 players joined')).toBeVisible(LIVE);
  // No portal chrome: neither the sidebar's navigation nor the account menu.
  await expect(stage.page.getByRole('navigation')).toHaveCount(0);
  await expect(stage.page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  expect(await violations(stage.page), 'the lobby').toEqual([]);
  const link = await decodeQr(stage.page, await qr.screenshot());
  expect(link).toMatch(/\/play\/demo-live-quiz$/);
  await expect(stage.page.getByText(link!, { exact: true })).toBeVisible();

  // Two players open the decoded link and join; the stage counts them and shows their names.
  const [ana, ben] = await Promise.all([context(browser, baseURL, PHONE), context(browser, baseURL, PHONE)]);
  await join(ana.page, link!, 'Ana');
  await join(ben.page, link!, 'Ben');
  await expect(stage.page.getByText('2 players joined')).toBeVisible(LIVE);
  await expect(stage.page.getByRole('list', { name: 'Players joining' })).toContainText('Ana');

  // The quizmaster's phone: its "Open stage" link names this stage; it starts the quiz.
  const host = await context(browser, baseURL, PHONE);
  await signIn(host.page);
  await host.page.goto(`/list-quiz/${quiz.id}/control`);
  // The phone's first sync brings the quiz into its mirror.
  await expect(host.page.getByRole('button', { name: 'Set status: Activated' })).toBeVisible({ timeout: 30_000 });
  await expect(host.page.getByRole('link', { name: 'Open stage' })).toHaveAttribute('href', `/list-quiz/${quiz.id}/stage`);
  await host.page.getByRole('button', { name: 'Set status: Activated' }).click();
  await host.page.getByRole('button', { name: 'Set status: Started' }).click();

  const total = quiz.questions_detail.length;
  for (const [index, question] of quiz.questions_detail.entries()) {
    const no = index + 1;
    const correct = question.correct_option.toUpperCase();
    const wrong = correct === 'A' ? 'B' : 'A';
    // The alert, then the question, large, with its options; nothing revealed while it is open.
    if (no === 1) await expect(stage.page.getByRole('timer', { name: 'Get ready' })).toBeVisible(LIVE);
    await expect(stage.page.getByText(question.description, { exact: true })).toBeVisible(LIVE);
    await expect(stage.page.getByRole('heading', { name: `Question ${no} of ${total}` })).toBeVisible();
    expect(await fontSize(stage.page, question.description)).toBeGreaterThanOrEqual(48);
    await expect(stage.page.getByRole('timer', { name: 'Time left' })).toBeVisible();
    await expect(stage.page.getByRole('listitem', { name: /correct answer/ })).toHaveCount(0);

    // Ana answers right, Ben wrong: everybody answered, so the round is revealed at once.
    await ana.page.getByRole('button', { name: new RegExp(`^${correct}: `) }).click();
    await ben.page.getByRole('button', { name: new RegExp(`^${wrong}: `) }).click();
    const answers = stage.page.getByRole('region', { name: 'Answers' });
    await expect(answers.getByRole('listitem', { name: new RegExp(`^${correct}: .*, chosen by 1, correct answer$`) })).toBeVisible({
      timeout: 30_000,
    });
    await expect(answers.getByRole('listitem', { name: new RegExp(`^${wrong}: .*, chosen by 1$`) })).toBeVisible();
    if (no === 1) expect(await violations(stage.page), 'a revealed question').toEqual([]);
    // The top ten so far, between questions.
    await expect(stage.page.getByRole('list', { name: 'Top ten so far' }).getByRole('listitem').first()).toContainText('Ana P.', LIVE);

    if (no < total) {
      // MANUAL: the clicker's key on the stage steps the quiz, as on the control screen (every other question).
      if (no % 2 === 1) await stage.page.keyboard.press('ArrowRight');
      else await host.page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(host.page.getByText(`Question ${no + 1} of ${total}`)).toBeVisible(LIVE);
    }
  }

  await host.page.getByRole('button', { name: 'Set status: Result Awaited' }).click();
  await expect(stage.page.getByRole('heading', { name: 'The results are coming…' })).toBeVisible(LIVE);
  await host.page.getByRole('button', { name: 'Set status: Result Announced' }).click();
  await host.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const podium = stage.page.getByRole('list', { name: 'Podium' });
  await expect(podium.getByRole('listitem', { name: /^Place 1: Ana P\., \d+ points$/ })).toBeVisible(LIVE);
  await expect(podium.getByRole('listitem', { name: /^Place 2: Ben P\., 0 points$/ })).toBeVisible();
  expect(await violations(stage.page), 'the podium').toEqual([]);
  await host.page.getByRole('button', { name: 'Set status: Completed' }).click();
  await host.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(stage.page.getByRole('list', { name: 'Final ranking' }).getByRole('listitem')).toHaveCount(2, LIVE);

  // The same stage fits the smallest and the largest screens it is made for.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 3840, height: 2160 },
  ]) {
    await stage.page.setViewportSize(viewport);
    expect(await stage.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
  await stage.page.setViewportSize(BIG.viewport);

  // The poll's stage, opened from its row on List Polls: a vote from a phone moves its bar.
  await stage.page.goto('/list-polls');
  await stage.page.getByRole('link', { name: 'Open stage of Best conference snack' }).click();
  const pollQr = stage.page.getByRole('img', { name: /join QR code/i });
  await expect(pollQr).toBeVisible(LIVE);
  await expect(stage.page.getByText('4321', { exact: true })).toBeVisible();
  // The poll's link carries its link key, not its poll hash (demo-live-poll): docs/decisions.md "Play".
  expect(await decodeQr(stage.page, await pollQr.screenshot())).toMatch(/\/play\/poll\/demo-poll-link$/);
  const poll = (await (await request.get('/api/v1/play/polls/demo-poll-link/')).json()) as {
    choices: { id: number; name: string; votes: number | null }[];
  };
  const choice = poll.choices[0]!;
  const chart = stage.page.getByRole('list', { name: 'Votes per choice' });
  await expect(chart.getByRole('listitem', { name: new RegExp(`^${escaped(choice.name)}: ${choice.votes ?? 0} votes`) })).toBeVisible(LIVE);
  const joined = await request.post('/api/v1/play/polls/demo-poll-link/join', { data: { join_code: '4321' } });
  expect(joined.status(), await joined.text()).toBe(201);
  const { token } = (await joined.json()) as { token: string };
  const voted = await request.post('/api/v1/play/polls/demo-poll-link/vote', {
    headers: { Authorization: `Participant ${token}` },
    data: { choice: choice.id },
  });
  expect(voted.status(), await voted.text()).toBe(200);
  await expect(chart.getByRole('listitem', { name: new RegExp(`^${escaped(choice.name)}: ${(choice.votes ?? 0) + 1} votes`) })).toBeVisible(
    LIVE,
  );
  expect(await violations(stage.page), 'the poll stage').toEqual([]);

  for (const opened of [stage, ana, ben, host]) await opened.context.close();
});
