import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidPkMessage } from '../../src/lib/contract/question';
import { created } from '../db/rows';
import { INVALID_IMAGE_MESSAGE } from '../http/uploads';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OPTIONS = 'A: Paris, B: Rome, C: Madrid, D: Berlin';

type Part = { name: string; data: string | Buffer; filename?: string; type?: string };

function multipart(parts: Part[]) {
  const boundary = '----question-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, data]) => ({ name, data }));

let server: TestServer;
let tenant: Awaited<ReturnType<typeof signedInTenant>>;
let other: Awaited<ReturnType<typeof signedInTenant>>;
let categoryId: number;
let foreignCategoryId: number;

async function insertCategory(name: string, clientId: number): Promise<number> {
  const row = await server.db
    .insertInto('categories')
    .values({ name, ...created(server.clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeEach(async () => {
  server = await createTestServer({ env: { UPLOAD_MAX_BYTES: '4096' } });
  tenant = await signedInTenant(server);
  other = await signedInTenant(server);
  categoryId = await insertCategory('Capitals', tenant.clientId);
  foreignCategoryId = await insertCategory('Their capitals', other.clientId);
});
afterEach(async () => {
  await server.close();
});

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, payload?: unknown, headers: Headers = {}) {
  return server.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { ...tenant.headers, host: 'api.test', ...headers },
  });
}

function callMultipart(method: Method, url: string, parts: Part[], headers: Headers = {}) {
  const body = multipart(parts);
  return server.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...tenant.headers, host: 'api.test', ...body.headers, ...headers },
  });
}

const validQuestion = (overrides: Record<string, unknown> = {}) => ({
  description: 'Capital of France?',
  hint: 'Eiffel',
  options: OPTIONS,
  category: categoryId,
  correct_option: 'a',
  ...overrides,
});

async function addQuestion(overrides: Record<string, unknown> = {}, headers: Headers = {}) {
  const response = await call('POST', '/api/v1/questions/', validQuestion(overrides), headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; version: number; image: string | null; options: string[] };
}

const uploadedFiles = () => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

const questionCount = async () => (await server.db.selectFrom('questions').select('id').execute()).length;

describe('creating questions', () => {
  it('creates from JSON: options normalised and parsed, correct option upper-cased, client ignored', async () => {
    const response = await call(
      'POST',
      `/api/v1/questions/?client=${other.clientId}`,
      validQuestion({ client: other.clientId, options: 'A:Paris ,B: Rome,  C : Madrid, D: Berlin, Germany' }),
    );
    expect(response.statusCode).toBe(201);
    const now = server.clock.now().toISOString();
    expect(response.json()).toEqual({
      id: expect.any(Number),
      client: tenant.clientId,
      description: 'Capital of France?',
      hint: 'Eiffel',
      image: null,
      options: ['A: Paris', 'B: Rome', 'C: Madrid', 'D: Berlin, Germany'],
      option_map: { a: 'Paris', b: 'Rome', c: 'Madrid', d: 'Berlin, Germany' },
      correct_option: 'A',
      category: categoryId,
      category_detail: [{ id: categoryId, name: 'Capitals' }],
      created_at: now,
      updated_at: now,
      version: 1,
    });
    expect(response.headers.etag).toBe('W/"1"');
    const stored = await server.db.selectFrom('questions').select('options').executeTakeFirstOrThrow();
    expect(stored.options).toBe('A: Paris, B: Rome, C: Madrid, D: Berlin, Germany');
  });

  it('refuses null characters in text (PostgreSQL cannot store them) on create and update, changing nothing', async () => {
    const question = await addQuestion();
    const created = await call('POST', '/api/v1/questions/', validQuestion({ description: 'Capital\u0000?' }));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ description: ['Null characters are not allowed.'] });
    const form = await callMultipart(
      'PATCH',
      `/api/v1/questions/${question.id}/`,
      fields({ hint: 'a\u0000b', options: 'A: \u0000, B: 2, C: 3, D: 4' }),
    );
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ hint: ['Null characters are not allowed.'], options: ['Null characters are not allowed.'] });
    expect(await questionCount()).toBe(1);
    expect((await call('GET', `/api/v1/questions/${question.id}/`)).json()).toMatchObject({ hint: 'Eiffel', version: 1 });
  });

  it('creates from multipart with an image served at an absolute URL; the hint is optional', async () => {
    const response = await callMultipart('POST', '/api/v1/questions/', [
      ...fields({
        client: String(tenant.clientId),
        description: 'Which flag?',
        options: OPTIONS,
        category: String(categoryId),
        correct_option: 'c',
      }),
      { name: 'image', filename: 'flag.png', type: 'image/png', data: PNG },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ hint: '', correct_option: 'C', category: categoryId });
    expect(body.image).toMatch(/^http:\/\/api\.test\/media\/[0-9a-f]{32}\.png$/);
    const served = await server.app.inject({ url: new URL(body.image).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('rejects bad fields with DRF messages and writes nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ description: undefined }, { description: ['This field is required.'] }],
      [{ description: '  ' }, { description: ['This field may not be blank.'] }],
      [{ options: undefined }, { options: ['This field is required.'] }],
      [
        { options: 'A: Paris, B: Rome, D: Berlin' },
        { options: ['Give all four options, as "A: text, B: text, C: text, D: text". Missing: C.'] },
      ],
      [
        { options: 'A: Paris, B: , C: x, D: y' },
        { options: ['Give all four options, as "A: text, B: text, C: text, D: text". Missing: B.'] },
      ],
      [{ correct_option: 'e' }, { correct_option: ['"e" is not a valid choice.'] }],
      [{ correct_option: undefined }, { correct_option: ['This field is required.'] }],
      [{ category: undefined }, { category: ['This field is required.'] }],
      [{ category: 'abc' }, { category: ['Incorrect type. Expected pk value, received str.'] }],
      [{ category: 987654 }, { category: [invalidPkMessage(987654)] }],
      [{ category: foreignCategoryId }, { category: [invalidPkMessage(foreignCategoryId)] }],
    ];
    for (const [overrides, errors] of cases) {
      const payload = validQuestion(overrides);
      for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete (payload as Record<string, unknown>)[key];
      const response = await call('POST', '/api/v1/questions/', payload);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await questionCount()).toBe(0);
  });

  it('refuses a text file named .png and an oversized image, storing no file and no row', async () => {
    const base = fields({ description: 'Q', options: OPTIONS, category: String(categoryId), correct_option: 'A' });
    const fake = await callMultipart('POST', '/api/v1/questions/', [
      ...base,
      { name: 'image', filename: 'cat.png', type: 'image/png', data: 'not an image at all' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ image: [INVALID_IMAGE_MESSAGE] });
    const big = await callMultipart('POST', '/api/v1/questions/', [
      ...base,
      { name: 'image', filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(8192)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/too large/);
    // A valid image with an invalid field: nothing is stored either.
    const invalid = await callMultipart('POST', '/api/v1/questions/', [
      ...fields({ description: 'Q', options: OPTIONS, category: String(foreignCategoryId), correct_option: 'A' }),
      { name: 'image', filename: 'ok.png', type: 'image/png', data: PNG },
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(await questionCount()).toBe(0);
    expect(uploadedFiles()).toEqual([]);
  });

  it('replays a create with the same Idempotency-Key: one row, the same answer', async () => {
    const headers = { 'idempotency-key': 'question-create-1' };
    const first = await call('POST', '/api/v1/questions/', validQuestion(), headers);
    const second = await call('POST', '/api/v1/questions/', validQuestion(), headers);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await questionCount()).toBe(1);
  });

  it('answers 401 without a token', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/questions/', payload: validQuestion() });
    expect(response.statusCode).toBe(401);
    expect(await questionCount()).toBe(0);
  });
});

describe('listing and reading questions', () => {
  it('lists newest first, ten a page, with options as text and option_map, only the caller’s', async () => {
    const ids: number[] = [];
    for (let index = 1; index <= 12; index += 1) ids.push((await addQuestion({ description: `Question ${index}` })).id);
    const foreign = await server.app.inject({
      method: 'POST',
      url: '/api/v1/questions/',
      payload: validQuestion({ category: foreignCategoryId }),
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(201);
    const page = (await call('GET', `/api/v1/questions/?client=${other.clientId}`)).json();
    expect(page.count).toBe(12);
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toMatchObject({
      id: ids[11],
      options: OPTIONS,
      option_map: { a: 'Paris', b: 'Rome', c: 'Madrid', d: 'Berlin' },
    });
    expect(page.next).toMatch(/page=2$/);
    const second = (await call('GET', '/api/v1/questions/?page=2')).json();
    expect(second.results.map((row: { id: number }) => row.id)).toEqual([ids[1], ids[0]]);
    expect((await call('GET', '/api/v1/questions/?page_size=20')).json().results).toHaveLength(12);
  });

  it('pages the whole bank the same from either end, with a count that follows creates and deletes', async () => {
    const ids: number[] = [];
    for (let index = 1; index <= 25; index += 1) ids.push((await addQuestion({ description: `Question ${index}` })).id);
    await call('DELETE', `/api/v1/questions/${ids.shift()}/`);
    const newestFirst = [...ids].reverse();
    const pageIds = async (query: string) => {
      const page = (await call('GET', `/api/v1/questions/${query}`)).json() as { count: number; results: { id: number }[] };
      return { count: page.count, ids: page.results.map((row) => row.id) };
    };
    for (const page of [1, 2, 3])
      expect(await pageIds(`?page=${page}`)).toEqual({ count: 24, ids: newestFirst.slice((page - 1) * 10, page * 10) });
    expect(await pageIds('?page=last')).toEqual({ count: 24, ids: newestFirst.slice(20) });
    expect(await pageIds('?page_size=7&page=3')).toEqual({ count: 24, ids: newestFirst.slice(14, 21) });
    // Question 2, 12 and 20 to 25 (Question 1 was deleted): a filtered list is counted, not taken from the total.
    const withTwo = newestFirst.filter((_, index) => String(25 - index).includes('2'));
    expect(await pageIds('?search=Question+2')).toEqual({ count: 8, ids: withTwo });
    expect((await call('GET', '/api/v1/questions/?page=4')).statusCode).toBe(404);
  });

  it('answers kept pages only while nothing on them changed, whoever changed it (API, another process, the database)', async () => {
    const ids: number[] = [];
    for (let index = 1; index <= 12; index += 1) ids.push((await addQuestion({ description: `Question ${index}` })).id);
    const page = async (query = '') =>
      (await call('GET', `/api/v1/questions/${query}`)).json() as {
        count: number;
        results: { id: number; description: string; category_detail: { name: string }[] }[];
      };
    const first = await page();
    expect(await page()).toEqual(first);
    expect((await page('?page=2')).results.map((row) => row.id)).toEqual([ids[1], ids[0]]);

    // Written straight into the database, as another instance or a script would: no request of this
    // process knows of them.
    await server.db
      .updateTable('questions')
      .set({ description: 'Edited elsewhere' })
      .where('id', '=', ids[11] ?? 0)
      .execute();
    expect((await page()).results[0]?.description).toBe('Edited elsewhere');

    await server.db.updateTable('categories').set({ name: 'Renamed elsewhere' }).where('id', '=', categoryId).execute();
    expect((await page()).results.map((row) => row.category_detail[0]?.name)).toEqual(Array(10).fill('Renamed elsewhere'));

    await server.db
      .insertInto('questions')
      .values({
        description: 'Added elsewhere',
        options: OPTIONS,
        correct_option: 'A',
        category_id: categoryId,
        ...created(server.clock, tenant.clientId),
      })
      .execute();
    const added = await page();
    expect(added.count).toBe(13);
    expect(added.results[0]?.description).toBe('Added elsewhere');

    await server.db
      .deleteFrom('questions')
      .where('id', '=', ids[0] ?? 0)
      .execute();
    expect((await page('?page=2')).results.map((row) => row.id)).toEqual([ids[2], ids[1]]);

    await call('PATCH', `/api/v1/questions/${ids[1]}/`, { description: 'Edited here' });
    expect((await page('?page=2')).results.map((row) => row.description)).toEqual(['Question 3', 'Edited here']);
  });

  it('gives a kept page’s image URLs the host of each request that reads it', async () => {
    const created = await callMultipart('POST', '/api/v1/questions/', [
      ...fields({ description: 'Which flag?', options: OPTIONS, category: String(categoryId), correct_option: 'c' }),
      { name: 'image', filename: 'flag.png', type: 'image/png', data: PNG },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const name = new URL(created.json().image).pathname;
    const imageFor = async (host: string) => (await call('GET', '/api/v1/questions/', undefined, { host })).json().results[0].image;
    const local = `localhost:${server.config.port}`;
    for (let round = 0; round < 2; round += 1) {
      expect(await imageFor('api.test')).toBe(`http://api.test${name}`);
      expect(await imageFor(local)).toBe(`http://${local}${name}`);
    }
  });

  it('searches description, hint, options and category name, and filters by category', async () => {
    const sport = await insertCategory('Sport', tenant.clientId);
    const a = await addQuestion({ description: 'Who won the cup?', hint: 'football', category: sport });
    const b = await addQuestion({ description: 'Largest ocean?', hint: 'water', options: 'A: Pacific, B: Atlantic, C: Indian, D: Arctic' });
    const ids = async (query: string) =>
      ((await call('GET', `/api/v1/questions/${query}`)).json().results as { id: number }[]).map((row) => row.id);
    expect(await ids('?search=won+cup')).toEqual([a.id]);
    expect(await ids('?search=FOOTBALL')).toEqual([a.id]);
    expect(await ids('?search=atlantic')).toEqual([b.id]);
    expect(await ids('?search=sport')).toEqual([a.id]);
    expect(await ids('?search=')).toEqual([b.id, a.id]);
    expect(await ids(`?category=${sport}`)).toEqual([a.id]);
    expect(await ids(`?category=${sport},${categoryId}`)).toEqual([b.id, a.id]);
    expect(await ids(`?category=${foreignCategoryId}`)).toEqual([]);
    const bad = await call('GET', '/api/v1/questions/?category=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ category: ['Select a valid choice. That choice is not one of the available choices.'] });
  });

  it('reads one question with options as a list and an ETag; 404 for unknown, malformed and foreign ids', async () => {
    const question = await addQuestion();
    const read = await call('GET', `/api/v1/questions/${question.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().options).toEqual(['A: Paris', 'B: Rome', 'C: Madrid', 'D: Berlin']);
    expect(read.headers.etag).toBe('W/"1"');
    const theirs = await server.app.inject({
      method: 'POST',
      url: '/api/v1/questions/',
      payload: validQuestion({ category: foreignCategoryId }),
      headers: other.headers,
    });
    for (const id of [theirs.json().id, 424242, 'x1']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await call(method, `/api/v1/questions/${id}/`, method === 'PATCH' ? { description: 'mine' } : undefined);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
  });

  it('returns changes and deleted ids since updated_after', async () => {
    const changed = await addQuestion({ description: 'old' });
    const gone = await addQuestion();
    await addQuestion({ description: 'untouched' });
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    server.clock.advance(1000);
    await call('PATCH', `/api/v1/questions/${changed.id}/`, { description: 'new' });
    await call('DELETE', `/api/v1/questions/${gone.id}/`);
    const page = (await call('GET', `/api/v1/questions/?updated_after=${encodeURIComponent(since)}`)).json();
    expect(page.results.map((row: { id: number; description: string }) => [row.id, row.description])).toEqual([[changed.id, 'new']]);
    expect(page.deleted).toEqual([gone.id]);
  });
});

describe('updating questions', () => {
  it('patches fields from JSON, bumping version, and validates the ones given', async () => {
    const question = await addQuestion();
    const sport = await insertCategory('Sport', tenant.clientId);
    server.clock.advance(1000);
    const response = await call('PATCH', `/api/v1/questions/${question.id}/`, {
      hint: '',
      correct_option: 'd',
      options: 'A: 1, B: 2, C: 3, D: 4',
      category: sport,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      description: 'Capital of France?',
      hint: '',
      correct_option: 'D',
      options: ['A: 1', 'B: 2', 'C: 3', 'D: 4'],
      category: sport,
      category_detail: [{ id: sport, name: 'Sport' }],
      version: 2,
      updated_at: server.clock.now().toISOString(),
    });
    expect(response.headers.etag).toBe('W/"2"');
    const bad = await call('PATCH', `/api/v1/questions/${question.id}/`, { description: '', options: 'A: only one' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['description', 'options']);
    const foreign = await call('PATCH', `/api/v1/questions/${question.id}/`, { category: foreignCategoryId });
    expect(foreign.json()).toEqual({ category: [invalidPkMessage(foreignCategoryId)] });
    expect((await call('GET', `/api/v1/questions/${question.id}/`)).json().version).toBe(2);
  });

  it('keeps, replaces and clears the image by multipart, removing replaced files', async () => {
    const created = await callMultipart('POST', '/api/v1/questions/', [
      ...fields({ description: 'Q', options: OPTIONS, category: String(categoryId), correct_option: 'A' }),
      { name: 'image', filename: 'a.png', type: 'image/png', data: PNG },
    ]);
    const question = created.json();
    const url = `/api/v1/questions/${question.id}/`;

    const kept = await callMultipart('PATCH', url, fields({ description: 'Q2', image: question.image }));
    expect(kept.json()).toMatchObject({ description: 'Q2', image: question.image });

    const replaced = await callMultipart('PATCH', url, [{ name: 'image', filename: 'b.png', type: 'image/png', data: PNG }]);
    expect(replaced.json().image).not.toBe(question.image);
    expect(uploadedFiles()).toEqual([path.basename(new URL(replaced.json().image).pathname)]);

    const refused = await callMultipart('PATCH', url, [{ name: 'image', filename: 'c.png', type: 'image/png', data: 'text' }]);
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', url)).json().image).toBe(replaced.json().image);

    const cleared = await callMultipart('PATCH', url, fields({ image: '' }));
    expect(cleared.json().image).toBeNull();
    expect(uploadedFiles()).toEqual([]);
  });

  it('clears the image with image_clear=true or a JSON null', async () => {
    for (const clear of [{ image_clear: true }, { image: null }]) {
      const created = await callMultipart('POST', '/api/v1/questions/', [
        ...fields({ description: 'Q', options: OPTIONS, category: String(categoryId), correct_option: 'A' }),
        { name: 'image', filename: 'a.png', type: 'image/png', data: PNG },
      ]);
      const response = await call('PATCH', `/api/v1/questions/${created.json().id}/`, clear);
      expect(response.json().image, JSON.stringify(clear)).toBeNull();
    }
  });

  it('answers 412 with the current question when If-Match is stale', async () => {
    const question = await addQuestion();
    await call('PATCH', `/api/v1/questions/${question.id}/`, { description: 'Changed elsewhere' });
    const stale = await call('PATCH', `/api/v1/questions/${question.id}/`, { description: 'Mine' }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      id: question.id,
      description: 'Changed elsewhere',
      version: 2,
      options: ['A: Paris', 'B: Rome', 'C: Madrid', 'D: Berlin'],
    });
    expect((await call('DELETE', `/api/v1/questions/${question.id}/`, undefined, { 'if-match': 'W/"1"' })).statusCode).toBe(412);
    expect((await call('PATCH', `/api/v1/questions/${question.id}/`, { description: 'Mine' }, { 'if-match': 'W/"2"' })).statusCode).toBe(
      200,
    );
  });

  it('replays a PATCH with the same Idempotency-Key without a second version bump', async () => {
    const question = await addQuestion();
    const headers = { 'idempotency-key': 'question-patch-1' };
    const first = await call('PATCH', `/api/v1/questions/${question.id}/`, { hint: 'x' }, headers);
    const second = await call('PATCH', `/api/v1/questions/${question.id}/`, { hint: 'x' }, headers);
    expect(second.json()).toEqual(first.json());
    expect((await call('GET', `/api/v1/questions/${question.id}/`)).json().version).toBe(2);
  });
});

describe('deleting questions', () => {
  async function quizWith(questionIds: number[]) {
    const quiz = await server.db
      .insertInto('quizzes')
      .values({
        name: 'Quiz',
        mode: 'MANUAL',
        join_code: '1',
        quiz_hash: `hash-${questionIds.join('-')}`,
        start_date_time: '2026-01-01T10:00:00Z',
        end_date_time: '2026-01-01T11:00:00Z',
        ...created(server.clock, tenant.clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('quiz_questions')
      .values(questionIds.map((id, position) => ({ quiz_id: quiz.id, question_id: id, position })))
      .execute();
    return quiz.id;
  }

  it('deletes one question, its image, and bumps the quizzes that held it', async () => {
    const withImage = await callMultipart('POST', '/api/v1/questions/', [
      ...fields({ description: 'Q', options: OPTIONS, category: String(categoryId), correct_option: 'A' }),
      { name: 'image', filename: 'a.png', type: 'image/png', data: PNG },
    ]);
    const id = withImage.json().id as number;
    const quizId = await quizWith([id]);
    server.clock.advance(1000);
    const response = await call('DELETE', `/api/v1/questions/${id}/`, undefined, { 'idempotency-key': 'q-del' });
    expect(response.statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/questions/${id}/`, undefined, { 'idempotency-key': 'q-del' })).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/questions/${id}/`)).statusCode).toBe(404);
    expect(uploadedFiles()).toEqual([]);
    const quiz = await server.db.selectFrom('quizzes').select(['version', 'updated_at']).where('id', '=', quizId).executeTakeFirstOrThrow();
    expect(quiz).toEqual({ version: 2, updated_at: server.clock.now().toISOString() });
  });

  it('bulk-deletes the caller’s questions in one go, from JSON or multipart', async () => {
    const [a, b, c, d] = [await addQuestion(), await addQuestion(), await addQuestion(), await addQuestion()];
    const response = await call('POST', '/api/v1/bulk-delete-questions/', { questions: [a.id, b.id, a.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: [a.id, b.id] });
    const form = await callMultipart('POST', '/api/v1/bulk-delete-questions/', [{ name: 'questions', data: String(c.id) }]);
    expect(form.json()).toEqual({ deleted: [c.id] });
    const remaining = (await call('GET', '/api/v1/questions/')).json();
    expect(remaining.results.map((row: { id: number }) => row.id)).toEqual([d.id]);
    const since = new Date(0).toISOString();
    expect((await call('GET', `/api/v1/questions/?updated_after=${since}`)).json().deleted).toEqual([a.id, b.id, c.id]);
  });

  it('deletes nothing when any id is unknown or another client’s, and rejects malformed lists', async () => {
    const mine = await addQuestion();
    const theirs = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/questions/',
        payload: validQuestion({ category: foreignCategoryId }),
        headers: other.headers,
      })
    ).json();
    const foreign = await call('POST', '/api/v1/bulk-delete-questions/', { questions: [mine.id, theirs.id, 999999] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ questions: [invalidPkMessage(theirs.id), invalidPkMessage(999999)] });
    expect(await questionCount()).toBe(2);
    const cases: [unknown, string][] = [
      [{}, 'This field is required.'],
      [{ questions: [] }, 'This list may not be empty.'],
      [{ questions: ['x'] }, 'Incorrect type. Expected pk value, received str.'],
      [{ questions: { a: 1 } }, 'Expected a list of items but got type "object".'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/v1/bulk-delete-questions/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ questions: [message] });
    }
    expect(await questionCount()).toBe(2);
  });

  it('replays a bulk delete with the same Idempotency-Key with the same answer', async () => {
    const question = await addQuestion();
    const headers = { 'idempotency-key': 'bulk-1' };
    const first = await call('POST', '/api/v1/bulk-delete-questions/', { questions: [question.id] }, headers);
    const second = await call('POST', '/api/v1/bulk-delete-questions/', { questions: [question.id] }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });
});
