import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, DEMO_ADMIN } from './fixtures';
import { PUBLIC_ROUTES } from './routes';

// Every route of the specification's screens, plus /sync and the control screen, with the demo tenant's real ids so each
// screen shows real data (read only: the demo tenant is shared by all tests).

export interface DemoRoute {
  path: string;
  /** Private routes need a signed-in page. */
  signedIn: boolean;
}

async function firstId(request: APIRequestContext, headers: Record<string, string>, path: string): Promise<number> {
  const response = await request.get(`${path}?page_size=1`, { headers });
  expect(response.status(), path).toBe(200);
  const id = ((await response.json()) as { results: { id: number }[] }).results[0]?.id;
  expect(id, `a demo row at ${path}`).toBeDefined();
  return id ?? 0;
}

export async function demoRoutes(request: APIRequestContext): Promise<DemoRoute[]> {
  const headers = { Authorization: `Token ${await apiLogin(request, DEMO_ADMIN)}` };
  const category = await firstId(request, headers, '/api/v1/category/');
  const question = await firstId(request, headers, '/api/v1/questions/');
  const quiz = await firstId(request, headers, '/api/v1/quiz/');
  const poll = await firstId(request, headers, '/api/v1/poll-list/');
  const choicesAnswer = await request.get(`/api/v1/poll-choices/?question=${poll}`, { headers });
  const choice = ((await choicesAnswer.json()) as { results: { id: number }[] }).results[0]?.id;
  expect(choice, 'a choice of the demo poll').toBeDefined();
  const privatePaths = [
    '/dashboard',
    '/add-quiz',
    `/add-quiz/${quiz}/update`,
    `/add-quiz/${quiz}/delete`,
    '/list-quiz',
    `/list-quiz/${quiz}/control`,
    '/add-category',
    `/add-category/${category}/update`,
    `/add-category/${category}/delete`,
    '/add-question',
    '/list-questions',
    `/list-questions/${question}/update`,
    `/list-questions/${question}/delete`,
    '/list-polls',
    '/add-polls',
    `/list-polls/${poll}/update`,
    `/list-polls/${poll}/delete`,
    `/list-polls/${poll}/update/choices/${choice}/update`,
    `/list-polls/${poll}/update/choices/${choice}/delete`,
    '/quiz-report',
    '/viewers-data',
    '/setting',
    '/sync',
  ];
  return [...PUBLIC_ROUTES.map(({ path }) => ({ path, signedIn: false })), ...privatePaths.map((path) => ({ path, signedIn: true }))];
}

/** Opens a route and waits until its screen shows its data (heading, no loader left). */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root').first(), `${path} still loading`).toBeHidden();
}
