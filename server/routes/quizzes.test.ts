import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quizDetail, quizSummary } from '../../src/lib/contract/quiz';
import { created } from '../db/rows';
import type { QuizLiveState } from '../live/quiz-events';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

// A 1x1 PNG, the start of an MP4 (ftyp box) and of a WebM (EBML header): enough for detection by content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.alloc(4),
  Buffer.from('mp42isom'),
  Buffer.alloc(32),
]);
const WEBM = Buffer.concat([
  Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
  Buffer.alloc(32),
]);

type Part = { name: string; filename?: string; type?: string; data: Buffer | string };

function multipart(parts: Part[]) {
  const boundary = '----quiz-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let server: TestServer;
let events: { changed: QuizLiveState[]; deleted: string[] };
let tenant: Awaited<ReturnType<typeof signedInTenant>>;

beforeEach(async () => {
  events = { changed: [], deleted: [] };
  server = await createTestServer({
    quizEvents: {
      onQuizChanged: (quiz) => {
        events.changed.push(quiz);
      },
      onQuizDeleted: (hash) => {
        events.deleted.push(hash);
      },
    },
  });
  tenant = await signedInTenant(server, { socialAuth: false });
});
afterEach(async () => {
  await server.close();
});

async function questionsOf(clientId: number, count: number): Promise<number[]> {
  const category = await server.db
    .insertInto('categories')
    .values({ name: `Category ${clientId}`, ...created(server.clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const row = await server.db
      .insertInto('questions')
      .values({
        category_id: category.id,
        description: `Question ${i}`,
        options: 'A: one, B: two, C: three, D: four',
        correct_option: 'A',
        ...created(server.clock, clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function addAttempts(clientId: number, quizId: number, count: number): Promise<void> {
  const viewer = await server.db
    .insertInto('viewers')
    .values({ username: `viewer-${quizId}`, ...created(server.clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < count; i += 1) {
    await server.db
      .insertInto('attempts')
      .values({
        viewer_id: viewer.id,
        quiz_id: quizId,
        score: i,
        start_date_time: server.clock.now().toISOString(),
        ...created(server.clock, clientId),
      })
      .execute();
  }
}

const validQuiz = (overrides: Record<string, unknown> = {}) => ({
  name: 'Friday quiz',
  mode: 'MANUAL',
  qs_timer: 30,
  before_qs_timer: 5,
  join_code: '0420',
  max_attempt_count: 2,
  start_date_time: '2030-01-01T10:00:00Z',
  end_date_time: '2030-01-01T11:00:00Z',
  ...overrides,
});

type Json = Record<string, unknown>;
const headers = (extra: Record<string, string> = {}) => ({ ...tenant.headers, ...extra });
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
  server.app.inject({ method, url, payload: payload as Json, headers: headers(extra) });

async function createQuiz(overrides: Record<string, unknown> = {}): Promise<Json> {
  const response = await inject('POST', '/api/v1/quiz/', validQuiz(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const quizCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('quizzes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/v1/quiz/', () => {
  it('creates a quiz from JSON with defaults, ordered questions and a generated hash', async () => {
    const [q1, q2, q3] = await questionsOf(tenant.clientId, 3);
    const response = await inject(
      'POST',
      '/api/v1/quiz/?client=999',
      validQuiz({ questions: [q3, q1, q2], quiz_hash: 'mine', client: 999 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers.etag).toBe('W/"1"');
    const quiz = quizDetail.parse(response.json());
    expect(quiz).toMatchObject({
      client: tenant.clientId,
      status: 'ANNOUNCED',
      active: true,
      question_no: 1,
      timer_bw_qs: 0,
      time_based: false,
      auth_used: 'FORM_BASED',
      max_attempt_count: 2,
      join_code: '0420',
      start_date_time: '2030-01-01T10:00:00.000Z',
      questions: [q3, q1, q2],
      question_count: 3,
      attempts: [],
      attempts_count: 0,
      image: null,
    });
    expect(quiz.quiz_hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(quiz.questions_detail.map((question) => question.id)).toEqual([q3, q1, q2]);
    expect(quiz.questions_detail[0]).toMatchObject({
      description: 'Question 3',
      option_map: { a: 'one', d: 'four' },
      category_detail: [{ name: `Category ${tenant.clientId}` }],
    });
    expect(events.changed).toEqual([
      expect.objectContaining({ id: quiz.id, quiz_hash: quiz.quiz_hash, status: 'ANNOUNCED', mode: 'MANUAL', question_count: 3 }),
    ]);
  });

  it('gives every quiz its own hash', async () => {
    const first = await createQuiz();
    const second = await createQuiz();
    expect(first.quiz_hash).not.toBe(second.quiz_hash);
  });

  it('accepts multipart with repeated questions, form spellings, an image and a sponsor logo', async () => {
    const [q1, q2] = await questionsOf(tenant.clientId, 2);
    const form = multipart([
      ...Object.entries(validQuiz({ mode: 'AUTO', timer_bw_qs: '10', time_based: 'true', show_options: 'on' })).map(([name, value]) => ({
        name,
        data: String(value),
      })),
      { name: 'questions', data: String(q2) },
      { name: 'questions', data: String(q1) },
      { name: 'image', filename: 'clip.mp4', type: 'video/mp4', data: MP4 },
      { name: 'sponsor_logo', filename: 'logo.png', type: 'image/png', data: PNG },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/',
      payload: form.payload,
      headers: headers(form.headers),
    });
    expect(response.statusCode, response.body).toBe(201);
    const quiz = quizDetail.parse(response.json());
    expect(quiz).toMatchObject({
      mode: 'AUTO',
      timer_bw_qs: 10,
      time_based: true,
      show_options: true,
      show_count_down: false,
      questions: [q2, q1],
    });
    expect(quiz.image).toMatch(/\/media\/[0-9a-f]{32}\.mp4$/);
    const video = await server.app.inject({ url: new URL(quiz.image ?? '').pathname });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['x-content-type-options']).toBe('nosniff');
    const logo = await server.app.inject({ url: new URL(quiz.sponsor_logo ?? '').pathname });
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('accepts a multipart quiz of 1,000 questions, and answers 413 when its text fields together pass the body limit', async () => {
    const category = await server.db
      .insertInto('categories')
      .values({ name: 'Bulk', ...created(server.clock, tenant.clientId) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await server.db
      .insertInto('questions')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          category_id: category.id,
          description: `Q${i}`,
          options: 'A: 1, B: 2, C: 3, D: 4',
          correct_option: 'A',
          ...created(server.clock, tenant.clientId),
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((row) => row.id);
    const fields = Object.entries(validQuiz()).map(([name, value]) => ({ name, data: String(value) }));
    const form = multipart([...fields, ...ids.map((id) => ({ name: 'questions', data: String(id) }))]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/',
      payload: form.payload,
      headers: headers(form.headers),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().questions).toEqual(ids);

    const before = await quizCount();
    const wordy = multipart([...fields, ...Array.from({ length: 3 }, () => ({ name: 'description', data: 'x'.repeat(400 * 1024) }))]);
    const tooLarge = await server.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/',
      payload: wordy.payload,
      headers: headers(wordy.headers),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'The request is too large: the limit is 256 KB.' });
    expect(await quizCount()).toBe(before);
  });

  it('takes a WebM video or an image for the quiz image, an image only for the sponsor logo', async () => {
    const send = (parts: Part[]) => {
      const form = multipart([...Object.entries(validQuiz()).map(([name, value]) => ({ name, data: String(value) })), ...parts]);
      return server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: form.payload, headers: headers(form.headers) });
    };
    expect((await send([{ name: 'image', filename: 'a.webm', data: WEBM }])).json().image).toMatch(/\.webm$/);
    expect((await send([{ name: 'image', filename: 'a.png', data: PNG }])).json().image).toMatch(/\.png$/);
    const videoLogo = await send([{ name: 'sponsor_logo', filename: 'logo.mp4', data: MP4 }]);
    expect(videoLogo.statusCode).toBe(400);
    expect(videoLogo.json().sponsor_logo[0]).toMatch(/^Upload a valid image/);
    const before = await quizCount();
    const textAsPng = await send([{ name: 'image', filename: 'notes.png', type: 'image/png', data: 'just some text' }]);
    expect(textAsPng.statusCode).toBe(400);
    expect(textAsPng.json().image[0]).toMatch(/^Upload a valid image or video/);
    const huge = await send([
      { name: 'image', filename: 'huge.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toMatch(/too large/);
    expect(await quizCount()).toBe(before);
  });

  it('ignores image and sponsor_logo sent as text', async () => {
    const quiz = await createQuiz({ image: 'http://elsewhere/x.png', sponsor_logo: 'x' });
    expect(quiz).toMatchObject({ image: null, sponsor_logo: null });
  });

  it('answers DRF field errors for missing fields and writes nothing', async () => {
    const response = await inject('POST', '/api/v1/quiz/', {});
    expect(response.statusCode).toBe(400);
    const required = ['name', 'mode', 'qs_timer', 'before_qs_timer', 'join_code', 'max_attempt_count', 'start_date_time', 'end_date_time'];
    expect(response.json()).toEqual(Object.fromEntries(required.map((field) => [field, ['This field is required.']])));
    expect(await quizCount()).toBe(0);
  });

  it('requires timer_bw_qs in AUTO mode only', async () => {
    const auto = await inject('POST', '/api/v1/quiz/', validQuiz({ mode: 'AUTO' }));
    expect(auto.json()).toEqual({ timer_bw_qs: ['This field is required.'] });
    expect((await inject('POST', '/api/v1/quiz/', validQuiz({ mode: 'AUTO', timer_bw_qs: 0 }))).statusCode).toBe(201);
    expect((await inject('POST', '/api/v1/quiz/', validQuiz({ mode: 'MANUAL' }))).statusCode).toBe(201);
  });

  it.each([
    [{ qs_timer: -1 }, 'qs_timer', 'Ensure this value is greater than or equal to 0.'],
    [{ before_qs_timer: -5 }, 'before_qs_timer', 'Ensure this value is greater than or equal to 0.'],
    [{ mode: 'AUTO', timer_bw_qs: -1 }, 'timer_bw_qs', 'Ensure this value is greater than or equal to 0.'],
    [{ question_no: 0 }, 'question_no', 'Ensure this value is greater than or equal to 1.'],
    [{ max_attempt_count: 0 }, 'max_attempt_count', 'Ensure this value is greater than or equal to 1.'],
    [{ qs_timer: 'soon' }, 'qs_timer', 'A valid number is required.'],
    [{ qs_timer: 99999999999 }, 'qs_timer', 'Ensure this value is less than or equal to 2147483647.'],
    [{ join_code: '12345' }, 'join_code', 'Enter a join code of 1 to 4 digits.'],
    [{ join_code: '12a' }, 'join_code', 'Enter a join code of 1 to 4 digits.'],
    [{ join_code: '' }, 'join_code', 'Enter a join code of 1 to 4 digits.'],
    [{ name: '  ' }, 'name', 'This field may not be blank.'],
    [{ mode: 'SOMETIMES' }, 'mode', '"SOMETIMES" is not a valid choice.'],
    [{ auth_used: 'PIGEON' }, 'auth_used', '"PIGEON" is not a valid choice.'],
    [{ status: 'ACTIVATED', mode: 'AUTO', timer_bw_qs: 1 }, 'status', '"ACTIVATED" is not a status of AUTO mode.'],
    [{ end_date_time: '2030-01-01T09:59:59Z' }, 'end_date_time', 'The end must not be before the start.'],
    [{ start_date_time: 'next tuesday' }, 'start_date_time', expect.stringMatching(/^Datetime has wrong format/)],
    [{ show_options: 'maybe' }, 'show_options', 'Must be a valid boolean.'],
    [{ questions: ['x'] }, 'questions', 'Incorrect type. Expected pk value, received str.'],
    [{ questions: 5 }, 'questions', 'Invalid pk "5" - object does not exist.'],
  ])('refuses %j with a message on %s', async (overrides, field, message) => {
    const response = await inject('POST', '/api/v1/quiz/', validQuiz(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
    expect(await quizCount()).toBe(0);
  });

  it("refuses another client's questions and repeated questions", async () => {
    const other = await signedInTenant(server);
    const [foreign] = await questionsOf(other.clientId, 1);
    const [mine] = await questionsOf(tenant.clientId, 1);
    expect((await inject('POST', '/api/v1/quiz/', validQuiz({ questions: [mine, foreign] }))).json()).toEqual({
      questions: [`Invalid pk "${foreign}" - object does not exist.`],
    });
    expect((await inject('POST', '/api/v1/quiz/', validQuiz({ questions: [mine, mine] }))).json()).toEqual({
      questions: ['Each question may appear only once.'],
    });
    expect(await quizCount()).toBe(0);
  });

  it('allows SOCIAL_BASED and BOTH only when the client has social_auth_feature', async () => {
    expect((await inject('POST', '/api/v1/quiz/', validQuiz({ auth_used: 'BOTH' }))).json()).toEqual({
      auth_used: ['Social login is not enabled for this client: only Form Based is available.'],
    });
    const social = await signedInTenant(server, { socialAuth: true });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/quiz/',
      payload: validQuiz({ auth_used: 'SOCIAL_BASED' }),
      headers: social.headers,
    });
    expect(response.json().auth_used).toBe('SOCIAL_BASED');
  });

  it('makes a MANUAL quiz never time based', async () => {
    expect((await createQuiz({ mode: 'MANUAL', time_based: true })).time_based).toBe(false);
  });

  it('sets question_no on create only for a STARTED MANUAL quiz within its questions', async () => {
    const ids = await questionsOf(tenant.clientId, 2);
    expect((await inject('POST', '/api/v1/quiz/', validQuiz({ questions: ids, question_no: 2 }))).json()).toEqual({
      question_no: ['The question number changes only in MANUAL mode while the quiz is Started, between 1 and the question count (2).'],
    });
    expect((await createQuiz({ questions: ids, question_no: 2, status: 'STARTED' })).question_no).toBe(2);
  });

  it('refuses a body that is not an object', async () => {
    const response = await inject('POST', '/api/v1/quiz/', ['a']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('replays the answer for a repeated Idempotency-Key without a second quiz', async () => {
    const first = await inject('POST', '/api/v1/quiz/', validQuiz(), { 'idempotency-key': 'create-1' });
    const again = await inject('POST', '/api/v1/quiz/', validQuiz(), { 'idempotency-key': 'create-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await quizCount()).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz() });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/portal-quiz/ and /api/v1/quiz/', () => {
  it("pages the caller's quizzes, newest first, with question and attempt counts", async () => {
    const other = await signedInTenant(server);
    await server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz({ name: 'Not mine' }), headers: other.headers });
    const ids = await questionsOf(tenant.clientId, 2);
    for (let i = 1; i <= 11; i += 1) await createQuiz({ name: `Quiz ${i}`, questions: i === 11 ? ids : [] });
    const newest = (await inject('GET', '/api/v1/portal-quiz/?page=1&client=' + other.clientId)).json();
    await addAttempts(tenant.clientId, newest.results[0].id, 3);

    for (const url of ['/api/v1/portal-quiz/', '/api/v1/quiz/']) {
      const first = await inject('GET', url);
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page.count).toBe(11);
      expect(page.results).toHaveLength(10);
      expect(page.next).toMatch(/page=2/);
      expect(page.previous).toBeNull();
      const top = quizSummary.parse(page.results[0]);
      expect(top).toMatchObject({ name: 'Quiz 11', questions: ids, question_count: 2, attempts_count: 3 });
      expect(page.results[0]).not.toHaveProperty('questions_detail');
      const second = (await inject('GET', `${url}?page=2`)).json();
      expect(second.results.map((quiz: Json) => quiz.name)).toEqual(['Quiz 1']);
      expect((await inject('GET', `${url}?page=3`)).statusCode).toBe(404);
    }
  });

  it('searches by name terms, restoring the full list when the search is empty', async () => {
    await createQuiz({ name: 'Friday night trivia' });
    await createQuiz({ name: 'Monday maths' });
    expect((await inject('GET', '/api/v1/quiz/?search=friday+trivia')).json().results.map((quiz: Json) => quiz.name)).toEqual([
      'Friday night trivia',
    ]);
    expect((await inject('GET', '/api/v1/portal-quiz/?search=MATHS')).json().count).toBe(1);
    expect((await inject('GET', '/api/v1/quiz/?search=')).json().count).toBe(2);
  });

  it('returns only changes and deleted ids since updated_after', async () => {
    const kept = await createQuiz({ name: 'Kept' });
    const gone = await createQuiz({ name: 'Gone' });
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    server.clock.advance(1000);
    await inject('PATCH', `/api/v1/quiz/${kept.id}/`, { name: 'Kept and renamed' });
    await inject('DELETE', `/api/v1/quiz/${gone.id}/`);
    const page = (await inject('GET', `/api/v1/portal-quiz/?updated_after=${encodeURIComponent(since)}`)).json();
    expect(page.results.map((quiz: Json) => quiz.name)).toEqual(['Kept and renamed']);
    expect(page.deleted).toEqual([gone.id]);
    expect((await inject('GET', '/api/v1/quiz/?updated_after=yesterday')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/quiz/{id}/', () => {
  it('answers the quiz with its ETag, questions in order and attempts', async () => {
    const ids = await questionsOf(tenant.clientId, 2);
    const quiz = await createQuiz({ questions: [ids[1], ids[0]] });
    await addAttempts(tenant.clientId, quiz.id as number, 2);
    const response = await inject('GET', `/api/v1/quiz/${quiz.id}/`);
    expect(response.headers.etag).toBe('W/"1"');
    const body = quizDetail.parse(response.json());
    expect(body.questions_detail.map((question) => question.id)).toEqual([ids[1], ids[0]]);
    expect(body.attempts).toHaveLength(2);
    expect(body.attempts_count).toBe(2);
  });

  it("answers 404 for unknown, malformed and other clients' ids", async () => {
    const other = await signedInTenant(server);
    const foreign = (
      await server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz(), headers: other.headers })
    ).json();
    for (const id of ['9999', 'abc', String(foreign.id)]) {
      const response = await inject('GET', `/api/v1/quiz/${id}/`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('PATCH /api/v1/quiz/{id}/', () => {
  it('updates the given fields, keeps the hash and bumps the version', async () => {
    const quiz = await createQuiz();
    const response = await inject('PATCH', `/api/v1/quiz/${quiz.id}/?client=1`, {
      name: 'Renamed',
      quiz_hash: 'nope',
      show_count_down: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('W/"2"');
    expect(response.json()).toMatchObject({
      name: 'Renamed',
      quiz_hash: quiz.quiz_hash,
      show_count_down: true,
      join_code: '0420',
      version: 2,
    });
    expect(events.changed.at(-1)).toMatchObject({ id: quiz.id, quiz_hash: quiz.quiz_hash });
  });

  it("moves the status forward in its mode's order and never back", async () => {
    const quiz = await createQuiz();
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { status: 'ACTIVATED' })).json().status).toBe('ACTIVATED');
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { status: 'ACTIVATED', name: 'Same status' })).statusCode).toBe(200);
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { status: 'RESULT_AWAITED' })).json().status).toBe('RESULT_AWAITED');
    const back = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { status: 'STARTED' });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ status: ['The status only moves forward: Result Awaited cannot go back to Started.'] });
    expect((await inject('GET', `/api/v1/quiz/${quiz.id}/`)).json().status).toBe('RESULT_AWAITED');
  });

  it('resets the status to ANNOUNCED when the new mode lacks it', async () => {
    const quiz = await createQuiz({ status: 'ACTIVATED' });
    const auto = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { mode: 'AUTO', time_based: true });
    expect(auto.json()).toMatchObject({ mode: 'AUTO', status: 'ANNOUNCED', time_based: true });
    const started = await createQuiz({ status: 'STARTED' });
    expect((await inject('PATCH', `/api/v1/quiz/${started.id}/`, { mode: 'AUTO' })).json().status).toBe('STARTED');
    expect((await inject('PATCH', `/api/v1/quiz/${started.id}/`, { mode: 'MANUAL' })).json().time_based).toBe(false);
  });

  it('steps question_no only in MANUAL mode while STARTED within 1..question count', async () => {
    const ids = await questionsOf(tenant.clientId, 3);
    const quiz = await createQuiz({ questions: ids });
    const message = {
      question_no: ['The question number changes only in MANUAL mode while the quiz is Started, between 1 and the question count (3).'],
    };
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { question_no: 2 })).json()).toEqual(message);
    await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { status: 'STARTED' });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { question_no: 2 })).json().question_no).toBe(2);
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { question_no: 3 })).json().question_no).toBe(3);
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { question_no: 4 })).json()).toEqual(message);
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { question_no: 0 })).json()).toEqual({
      question_no: ['Ensure this value is greater than or equal to 1.'],
    });
    expect(events.changed.at(-1)).toMatchObject({ question_no: 3, question_count: 3, status: 'STARTED' });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { questions: ids.slice(0, 2) })).json()).toEqual({
      questions: ['The quiz is at question 3: keep at least 3 questions.'],
    });

    const auto = await createQuiz({ mode: 'AUTO', timer_bw_qs: 5, questions: ids, status: 'STARTED' });
    expect((await inject('PATCH', `/api/v1/quiz/${auto.id}/`, { question_no: 2 })).json()).toEqual(message);
  });

  it("replaces the questions in the order given, only with the caller's questions", async () => {
    const ids = await questionsOf(tenant.clientId, 3);
    const other = await signedInTenant(server);
    const [foreign] = await questionsOf(other.clientId, 1);
    const quiz = await createQuiz({ questions: ids });
    const reordered = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { questions: [ids[2], ids[0]] });
    expect(reordered.json()).toMatchObject({ questions: [ids[2], ids[0]], question_count: 2 });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { questions: [foreign] })).json()).toEqual({
      questions: [`Invalid pk "${foreign}" - object does not exist.`],
    });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { questions: [] })).json().questions).toEqual([]);
    const form = multipart([
      { name: 'questions', data: String(ids[1]) },
      { name: 'image', data: 'http://old/url.png' },
    ]);
    const viaForm = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/quiz/${quiz.id}/`,
      payload: form.payload,
      headers: headers(form.headers),
    });
    expect(viaForm.json().questions).toEqual([ids[1]]);
    const none = multipart([{ name: 'questions', data: '' }]);
    expect(
      (
        await server.app.inject({ method: 'PATCH', url: `/api/v1/quiz/${quiz.id}/`, payload: none.payload, headers: headers(none.headers) })
      ).json().questions,
    ).toEqual([]);
  });

  it('checks the whole quiz it would produce', async () => {
    const quiz = await createQuiz();
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { end_date_time: '2029-12-31T00:00:00Z' })).json()).toEqual({
      end_date_time: ['The end must not be before the start.'],
    });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { join_code: '99999' })).json()).toEqual({
      join_code: ['Enter a join code of 1 to 4 digits.'],
    });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { name: null })).json()).toEqual({ name: ['This field may not be null.'] });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { auth_used: 'SOCIAL_BASED' })).statusCode).toBe(400);
    expect((await inject('GET', `/api/v1/quiz/${quiz.id}/`)).json().version).toBe(1);
  });

  it('replaces an image with a new upload and leaves it when the image is sent as text', async () => {
    const quiz = await createQuiz();
    const upload = multipart([{ name: 'image', filename: 'a.png', data: PNG }]);
    const withImage = (
      await server.app.inject({
        method: 'PATCH',
        url: `/api/v1/quiz/${quiz.id}/`,
        payload: upload.payload,
        headers: headers(upload.headers),
      })
    ).json();
    expect(withImage.image).toMatch(/\.png$/);
    const again = (await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { image: withImage.image, name: 'Still pictured' })).json();
    expect(again.image).toBe(withImage.image);
    const replaced = (
      await server.app.inject({
        method: 'PATCH',
        url: `/api/v1/quiz/${quiz.id}/`,
        payload: upload.payload,
        headers: headers(upload.headers),
      })
    ).json();
    expect(replaced.image).not.toBe(withImage.image);
    expect((await server.app.inject({ url: new URL(withImage.image).pathname })).statusCode).toBe(404);
  });

  it('removes the image and the sponsor logo with <field>_clear=true (multipart or JSON), an empty field or a JSON null', async () => {
    const uploadedFiles = () => {
      try {
        return readdirSync(path.join(server.config.dataDir, 'uploads'));
      } catch {
        return [];
      }
    };
    const clears = (field: 'image' | 'sponsor_logo') => [
      { multipart: [{ name: `${field}_clear`, data: 'true' }] },
      { multipart: [{ name: field, data: '' }] },
      { json: { [`${field}_clear`]: true } },
      { json: { [field]: null } },
    ];
    for (const field of ['image', 'sponsor_logo'] as const) {
      for (const clear of clears(field)) {
        const quiz = await createQuiz();
        const upload = multipart([
          { name: 'image', filename: 'a.png', data: PNG },
          { name: 'sponsor_logo', filename: 'b.png', data: PNG },
        ]);
        const pictured = (
          await server.app.inject({
            method: 'PATCH',
            url: `/api/v1/quiz/${quiz.id}/`,
            payload: upload.payload,
            headers: headers(upload.headers),
          })
        ).json();
        const stored = await server.db
          .selectFrom('quizzes')
          .select(['image', 'sponsor_logo'])
          .where('id', '=', quiz.id as number)
          .executeTakeFirstOrThrow();
        const response = clear.json
          ? await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, clear.json)
          : await (async () => {
              const body = multipart(clear.multipart!);
              return server.app.inject({
                method: 'PATCH',
                url: `/api/v1/quiz/${quiz.id}/`,
                payload: body.payload,
                headers: headers(body.headers),
              });
            })();
        expect(response.statusCode, response.body).toBe(200);
        const other = field === 'image' ? 'sponsor_logo' : 'image';
        expect(response.json()).toMatchObject({ [field]: null, [other]: pictured[other], version: 3 });
        const row = await server.db
          .selectFrom('quizzes')
          .select(['image', 'sponsor_logo'])
          .where('id', '=', quiz.id as number)
          .executeTakeFirstOrThrow();
        expect(row[field]).toBeNull();
        expect(row[other]).toBe(stored[other]);
        expect(uploadedFiles()).not.toContain(stored[field]);
        expect(uploadedFiles()).toContain(stored[other]);
      }
    }
  });

  it('keeps the sponsor logo on a stale If-Match clear, replays a clear once, and lets a new file win over sponsor_logo_clear', async () => {
    const quiz = await createQuiz();
    const upload = multipart([{ name: 'sponsor_logo', filename: 'b.png', data: PNG }]);
    const pictured = (
      await server.app.inject({
        method: 'PATCH',
        url: `/api/v1/quiz/${quiz.id}/`,
        payload: upload.payload,
        headers: headers(upload.headers),
      })
    ).json();
    const stale = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { sponsor_logo_clear: true }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ sponsor_logo: pictured.sponsor_logo, version: 2 });
    expect((await server.app.inject({ url: new URL(pictured.sponsor_logo).pathname })).statusCode).toBe(200);

    const first = await inject(
      'PATCH',
      `/api/v1/quiz/${quiz.id}/`,
      { sponsor_logo_clear: true },
      { 'if-match': 'W/"2"', 'idempotency-key': 'clear-logo' },
    );
    const again = await inject(
      'PATCH',
      `/api/v1/quiz/${quiz.id}/`,
      { sponsor_logo_clear: true },
      { 'if-match': 'W/"2"', 'idempotency-key': 'clear-logo' },
    );
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ sponsor_logo: null, version: 3 });
    expect((await server.app.inject({ url: new URL(pictured.sponsor_logo).pathname })).statusCode).toBe(404);

    const both = multipart([
      { name: 'sponsor_logo_clear', data: 'true' },
      { name: 'sponsor_logo', filename: 'b.png', data: PNG },
    ]);
    const replaced = (
      await server.app.inject({ method: 'PATCH', url: `/api/v1/quiz/${quiz.id}/`, payload: both.payload, headers: headers(both.headers) })
    ).json();
    expect(replaced.sponsor_logo).toMatch(/\.png$/);
  });

  it('answers 412 with the current quiz for a stale If-Match, and writes on a fresh one', async () => {
    const quiz = await createQuiz();
    await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { name: 'Second' });
    const stale = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { name: 'Lost' }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe('W/"2"');
    expect(stale.json()).toMatchObject({ id: quiz.id, name: 'Second', version: 2 });
    expect((await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { name: 'Third' }, { 'if-match': 'W/"2"' })).json().name).toBe('Third');
  });

  it('replays a repeated Idempotency-Key without a second change', async () => {
    const quiz = await createQuiz();
    const first = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { name: 'Once' }, { 'idempotency-key': 'patch-1' });
    const again = await inject('PATCH', `/api/v1/quiz/${quiz.id}/`, { name: 'Once' }, { 'idempotency-key': 'patch-1' });
    expect(again.json()).toEqual(first.json());
    expect((await inject('GET', `/api/v1/quiz/${quiz.id}/`)).json().version).toBe(2);
  });

  it("answers 404 for another client's quiz and changes nothing", async () => {
    const other = await signedInTenant(server);
    const foreign = (
      await server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz(), headers: other.headers })
    ).json();
    expect((await inject('PATCH', `/api/v1/quiz/${foreign.id}/`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await server.app.inject({ url: `/api/v1/quiz/${foreign.id}/`, headers: other.headers })).json().name).toBe('Friday quiz');
  });
});

describe('DELETE /api/v1/quiz/{id}/', () => {
  it('deletes the quiz with its question links and attempts and tells the live publisher', async () => {
    const ids = await questionsOf(tenant.clientId, 2);
    const quiz = await createQuiz({ questions: ids });
    await addAttempts(tenant.clientId, quiz.id as number, 2);
    const response = await inject('DELETE', `/api/v1/quiz/${quiz.id}/`);
    expect(response.statusCode).toBe(204);
    expect((await inject('GET', `/api/v1/quiz/${quiz.id}/`)).statusCode).toBe(404);
    expect(await server.db.selectFrom('quiz_questions').selectAll().execute()).toEqual([]);
    expect(await server.db.selectFrom('attempts').selectAll().execute()).toEqual([]);
    expect(await server.db.selectFrom('questions').selectAll().execute()).toHaveLength(2);
    expect(events.deleted).toEqual([quiz.quiz_hash]);
  });

  it('answers 404 for unknown and foreign ids, 412 for a stale If-Match', async () => {
    const other = await signedInTenant(server);
    const foreign = (
      await server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz(), headers: other.headers })
    ).json();
    expect((await inject('DELETE', `/api/v1/quiz/${foreign.id}/`)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/v1/quiz/12345/')).statusCode).toBe(404);
    const quiz = await createQuiz();
    const stale = await inject('DELETE', `/api/v1/quiz/${quiz.id}/`, undefined, { 'if-match': 'W/"7"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().id).toBe(quiz.id);
    expect(await quizCount()).toBe(2);
  });

  it('replays a repeated Idempotency-Key', async () => {
    const quiz = await createQuiz();
    expect((await inject('DELETE', `/api/v1/quiz/${quiz.id}/`, undefined, { 'idempotency-key': 'delete-1' })).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/v1/quiz/${quiz.id}/`, undefined, { 'idempotency-key': 'delete-1' })).statusCode).toBe(204);
    expect(events.deleted).toHaveLength(1);
  });
});

describe('PUT /api/v1/quiz-reset-attempts/', () => {
  it("deletes the quiz's attempts only and answers the quiz", async () => {
    const quiz = await createQuiz();
    const kept = await createQuiz({ name: 'Other' });
    await addAttempts(tenant.clientId, quiz.id as number, 3);
    await addAttempts(tenant.clientId, kept.id as number, 1);
    const response = await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: quiz.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('W/"2"');
    expect(quizDetail.parse(response.json())).toMatchObject({ id: quiz.id, attempts: [], attempts_count: 0, version: 2 });
    expect((await inject('GET', `/api/v1/quiz/${kept.id}/`)).json().attempts_count).toBe(1);
    expect(events.changed.at(-1)).toMatchObject({ id: quiz.id });
  });

  it('accepts multipart', async () => {
    const quiz = await createQuiz();
    await addAttempts(tenant.clientId, quiz.id as number, 1);
    const form = multipart([{ name: 'quiz', data: String(quiz.id) }]);
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/quiz-reset-attempts/',
      payload: form.payload,
      headers: headers(form.headers),
    });
    expect(response.json().attempts_count).toBe(0);
  });

  it('refuses a missing, malformed, unknown or foreign quiz', async () => {
    const other = await signedInTenant(server);
    const foreign = (
      await server.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz(), headers: other.headers })
    ).json();
    await addAttempts(other.clientId, foreign.id, 1);
    expect((await inject('PUT', '/api/v1/quiz-reset-attempts/', {})).json()).toEqual({ quiz: ['This field is required.'] });
    expect((await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: 'x' })).json()).toEqual({
      quiz: ['Incorrect type. Expected pk value, received str.'],
    });
    expect((await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: 9999 })).json()).toEqual({
      quiz: ['Invalid pk "9999" - object does not exist.'],
    });
    const response = await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: foreign.id });
    expect(response.statusCode).toBe(400);
    expect(await server.db.selectFrom('attempts').selectAll().execute()).toHaveLength(1);
  });

  it('answers 412 for a stale If-Match and replays a repeated Idempotency-Key', async () => {
    const quiz = await createQuiz();
    await addAttempts(tenant.clientId, quiz.id as number, 1);
    expect((await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: quiz.id }, { 'if-match': 'W/"5"' })).statusCode).toBe(412);
    const first = await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: quiz.id }, { 'idempotency-key': 'reset-1' });
    const again = await inject('PUT', '/api/v1/quiz-reset-attempts/', { quiz: quiz.id }, { 'idempotency-key': 'reset-1' });
    expect(again.json()).toEqual(first.json());
    expect((await inject('GET', `/api/v1/quiz/${quiz.id}/`)).json().version).toBe(2);
  });
});

describe('live hooks', () => {
  it('are not told of writes that fail', async () => {
    await inject('POST', '/api/v1/quiz/', validQuiz({ join_code: 'abcd' }));
    expect(events.changed).toEqual([]);
  });

  it('do not turn a saved write into an error when the publisher fails', async () => {
    // A second server beside the first (on PostgreSQL: a second schema, which the migrations must keep apart).
    const failing = await createTestServer({
      quizEvents: { onQuizChanged: () => Promise.reject(new Error('offline')), onQuizDeleted: () => {} },
    });
    try {
      const admin = await signedInTenant(failing);
      const response = await failing.app.inject({ method: 'POST', url: '/api/v1/quiz/', payload: validQuiz(), headers: admin.headers });
      expect(response.statusCode).toBe(201);
    } finally {
      await failing.close();
    }
  });
});
