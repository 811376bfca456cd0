import { expect, test, type APIRequestContext } from '@playwright/test';
import { METRICS_TOKEN } from './support/topology';

// Two compiled server instances on one PostgreSQL, one S3-compatible bucket and one realtime database,
// behind nginx. What one instance stores, the other serves; the proxy carries the portal, whose
// List Quiz screen follows a step made on either instance through the live channel; each instance reports
// its metrics.

const proxy = process.env.DEPLOY_PROXY_ORIGIN ?? '';
const [first = '', second = ''] = (process.env.DEPLOY_INSTANCES ?? '').split(' ');
const DEMO_ADMIN = { email: 'admin@demo.quiz', password: 'demo-pass-2026' };

test.use({ baseURL: proxy });

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function post<T>(request: APIRequestContext, url: string, headers: Record<string, string>, data: unknown): Promise<T> {
  const response = await request.post(url, { headers, data: data as Record<string, unknown> });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test('through the proxy: sign in, a question and its image stored by one instance and served by the other, a live step, metrics', async ({
  page,
  request,
}) => {
  expect(first && second && proxy, 'the topology is started by the global setup').toBeTruthy();

  // Sign in through the proxy, as a person would.
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // A question with an image, written through the first instance.
  const login = await request.post(`${first}/api/v1/accounts/login/`, { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Token ${((await login.json()) as { key: string }).key}` };
  const category = await post<{ id: number }>(request, `${first}/api/v1/category/`, headers, { name: `Deploy ${Date.now()}` });
  const created = await request.post(`${first}/api/v1/questions/`, {
    headers,
    multipart: {
      description: 'Which instance stored this image?',
      category: String(category.id),
      options: 'A: the first, B: the second, C: both, D: neither',
      correct_option: 'A',
      image: { name: 'pixel.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const question = (await created.json()) as { id: number };

  // Read back through the second instance: the image URL is the public one, and both the instance and the
  // proxy serve its bytes from the shared bucket, cacheable for a year.
  const read = await request.get(`${second}/api/v1/questions/${question.id}/`, { headers });
  expect(read.status()).toBe(200);
  const { image } = (await read.json()) as { image: string };
  expect(image).toMatch(new RegExp(`^${proxy}/media/[0-9a-f]{32}\\.png$`));
  const direct = await request.get(`${second}${new URL(image).pathname}`);
  expect(direct.status()).toBe(200);
  expect(Buffer.from(await direct.body()).equals(PNG)).toBe(true);
  const proxied = await request.get(image);
  expect(proxied.status()).toBe(200);
  expect(proxied.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(proxied.headers().etag).toBeTruthy();

  // A started quiz on the List Quiz screen follows a step made through the second instance.
  const quizName = `Deploy stage ${Date.now()}`;
  const second_question = await post<{ id: number }>(request, `${first}/api/v1/questions/`, headers, {
    description: 'And the second question?',
    category: category.id,
    options: 'A: yes, B: no, C: maybe, D: never',
    correct_option: 'A',
  });
  const quiz = await post<{ id: number }>(request, `${first}/api/v1/quiz/`, headers, {
    name: quizName,
    mode: 'MANUAL',
    status: 'STARTED',
    questions: [question.id, second_question.id],
    qs_timer: 30,
    before_qs_timer: 3,
    join_code: '42',
    max_attempt_count: 1,
    start_date_time: '2030-01-01T10:00:00Z',
    end_date_time: '2030-01-01T11:00:00Z',
  });
  await page.goto('/list-quiz');
  const row = page.getByRole('table', { name: 'Quizzes' }).getByRole('row', { name: new RegExp(`^${quizName}\\b`) });
  // The first pull of the whole demo bank through the proxy may take a while on a busy machine.
  await expect(row.getByText('1 / 2')).toBeVisible({ timeout: 20_000 });
  const stepped = await request.patch(`${second}/api/v1/quiz/${quiz.id}/`, { headers, data: { question_no: 2 } });
  expect(stepped.status()).toBe(200);
  await expect(row.getByText('2 / 2')).toBeVisible();

  // Each instance reports its metrics with the token (the proxy does not pass /metrics on); the first
  // timed the question list by its route pattern and reports its PostgreSQL pool.
  expect((await request.get(`${proxy}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).status()).toBe(404);
  expect((await request.get(`${first}/metrics`)).status()).toBe(401);
  const metrics = await request.get(`${first}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.status()).toBe(200);
  const text = await metrics.text();
  expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/questions\/",status_code="201"\} [1-9]/m);
  expect(text).toMatch(/^quiz_db_pool_connections\{dialect="postgres"\} [1-9]/m);
  expect(text).toMatch(/^quiz_live_writes_total\{outcome="ok"\} [1-9]/m);

  // Both instances are ready: database, bucket and live channel answer.
  for (const origin of [first, second]) {
    const ready = await request.get(`${origin}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', live: 'ok' } });
  }
});
