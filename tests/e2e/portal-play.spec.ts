import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin, createTenant, scrollsSideways, signIn } from './support/fixtures';

// The portal's side of Play: List Quiz and the control screen count the players of the demo quiz live
// as they join through the play API, the copy links open the player app, and a poll's row closes it for voting.

const DEMO_QUIZ = { name: 'Friday Pub Quiz', hash: 'demo-live-quiz', joinCode: '1234' };
const DEMO_POLL = { name: 'Best conference snack', linkKey: 'demo-poll-link' };

const players = (scope: Page | Locator, name: string) => scope.getByRole('group', { name: `Players of ${name}` });

/** The Joined count a Players group shows (NaN while it shows a dash). */
async function joinedIn(group: Locator): Promise<number> {
  const match = /Joined\s*(\d+)/.exec((await group.textContent()) ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

/** One player joins the demo quiz from "their phone": the play API, as the player app calls it. */
async function joinDemoQuiz(request: APIRequestContext): Promise<void> {
  const id = randomUUID().slice(0, 8);
  const response = await request.post(`/api/v1/play/quizzes/${DEMO_QUIZ.hash}/join`, {
    data: {
      join_code: DEMO_QUIZ.joinCode,
      first_name: `Player${id}`,
      last_name: 'Test',
      email: `player-${id}@play.test`,
      mobile: '+44 7700 900123',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('List Quiz and the 320 px control screen count players joining the demo quiz live; the copy link opens the player app', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signIn(page);
  await page.goto('/list-quiz');
  await page.getByLabel('Search').fill(DEMO_QUIZ.name);
  const row = page.getByRole('table', { name: 'Quizzes' }).getByRole('row', { name: new RegExp(`^${DEMO_QUIZ.name}\\b`) });
  const rowPlayers = players(row, DEMO_QUIZ.name);
  await expect(rowPlayers).toContainText(/Joined\s*\d+/);
  await expect(rowPlayers).toContainText(/Answered\s*\d+/);
  const before = await joinedIn(rowPlayers);

  // Other specs may join the demo quiz meanwhile: the count rises by at least this one, without a reload.
  await joinDemoQuiz(request);
  await expect.poll(() => joinedIn(rowPlayers)).toBeGreaterThanOrEqual(before + 1);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: `Copy viewer link of ${DEMO_QUIZ.name}` }).click();
  await expect(page.getByRole('tooltip', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/play/${DEMO_QUIZ.hash}`);

  // The quizmaster's phone.
  await page.setViewportSize({ width: 320, height: 640 });
  await row.getByRole('link', { name: `Control ${DEMO_QUIZ.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Control' })).toBeVisible();
  const phonePlayers = players(page, DEMO_QUIZ.name);
  await expect(phonePlayers).toContainText(/Joined\s*\d+/);
  const onPhone = await joinedIn(phonePlayers);
  expect(onPhone).toBeGreaterThanOrEqual(before + 1);
  await joinDemoQuiz(request);
  await expect.poll(() => joinedIn(phonePlayers)).toBeGreaterThanOrEqual(onPhone + 1);
  await expect(phonePlayers).toContainText(/Answered\s*\d+/);
  expect(await scrollsSideways(page)).toBe(false);
});

test("the demo's viewer app URL is the portal's player app (Setting), and the poll's copy link opens its poll page", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page);
  await page.goto('/setting');
  const viewerAppUrl = page.getByRole('textbox', { name: 'Viewer app URL' });
  await expect(viewerAppUrl).toHaveValue(`${baseURL}/play/`, { timeout: 30_000 });
  await expect(viewerAppUrl).toHaveAccessibleDescription(/followed by the quiz hash, or by poll\/ and the poll's link key/);
  await page.goto('/list-polls');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: `Copy the viewer link of ${DEMO_POLL.name}` }).click();
  await expect(page.getByRole('tooltip', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/play/poll/${DEMO_POLL.linkKey}`);
});

interface ServerPoll {
  id: number;
  link_key: string;
  active: boolean;
  options: { id: number; name: string; votes: number }[];
}

test("a poll's row closes it for voting (the phone's vote is then refused) and opens it again", async ({ page, request }) => {
  const tenant = await createTenant(request, { poll_enabled: true });
  const headers = { Authorization: `Token ${await apiLogin(request, tenant)}` };
  const created = await request.post('/api/v1/poll-list/', { headers, multipart: { name: 'Snack', join_code: '4321' } });
  expect(created.status(), await created.text()).toBe(201);
  const poll = (await created.json()) as ServerPoll;
  const choice = await request.post('/api/v1/poll-choices/', { headers, data: { name: 'Crisps', question: poll.id } });
  expect(choice.status(), await choice.text()).toBe(201);
  const choiceId = ((await choice.json()) as { id: number }).id;
  const serverPoll = async () => (await (await request.get(`/api/v1/poll-list/${poll.id}/`, { headers })).json()) as ServerPoll;

  // A phone joins the poll while it is open.
  const joined = await request.post(`/api/v1/play/polls/${poll.link_key}/join`, { data: { join_code: '4321' } });
  expect(joined.status(), await joined.text()).toBe(201);
  const voter = { Authorization: `Participant ${((await joined.json()) as { token: string }).token}` };
  const vote = () => request.post(`/api/v1/play/polls/${poll.link_key}/vote`, { headers: voter, data: { choice: choiceId } });

  await signIn(page, tenant);
  await page.goto('/list-polls');
  const row = page.getByRole('table', { name: 'Polls' }).getByRole('row', { name: /^Snack\b/ });
  const open = row.getByRole('switch', { name: 'Snack: open for voting' });
  // The first pull of a new device: slow on a loaded machine.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(open).toBeChecked();
  // By keyboard first; the pointer taps the track drawn over the input (`force`: the input itself is covered).
  await open.focus();
  await page.keyboard.press('Space');
  await expect(open).not.toBeChecked();
  await expect.poll(async () => (await serverPoll()).active).toBe(false);
  await expect(row.getByText('Waiting to sync')).toHaveCount(0);

  const refused = await vote();
  expect(refused.status(), await refused.text()).toBe(403);

  await open.click({ force: true });
  await expect(open).toBeChecked();
  await expect.poll(async () => (await serverPoll()).active).toBe(true);
  const counted = await vote();
  expect(counted.status(), await counted.text()).toBe(200);
  // The choice's votes in the portal are the server's real count.
  expect((await serverPoll()).options).toEqual([expect.objectContaining({ id: choiceId, votes: 1 })]);
});
