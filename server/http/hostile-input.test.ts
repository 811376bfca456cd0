import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  INVALID_UNICODE_MESSAGE,
  MAX_BULK_IDS,
  MAX_QUIZ_QUESTIONS,
  MAX_SEARCH_WORDS,
  TEXT_LIMITS,
  boundedList,
  maxItemsMessage,
  maxLengthMessage,
  searchWordsMessage,
} from '../../src/lib/contract/limits';
import { createPlayQuiz, questionsOf, quizPayload } from '../play/play-test-support';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { MAX_JSON_DEPTH, jsonDepthExceeds, jsonTooDeepMessage } from './request-limits';
import { MAX_IMAGE_PIXELS, UNNAMED_PART_MESSAGE } from './uploads';

// The hostile-input classes one by one (the generated suite is hostile-requests.test.ts): whatever a
// client sends answers a 4xx whose body names the problem, never a 500, and no input costs more than its size.

type Json = Record<string, unknown>;

function multipart(parts: { name?: string; filename?: string; type?: string; data: Buffer | string }[], boundary = 'hostileBoundary') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.name === undefined ? '' : `; name="${part.name}"`;
    const file = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data${name}${file}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A PNG whose header declares width × height (nothing more is needed to read its size). */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, Buffer.from('0000000049454e44ae426082', 'hex')]);
}

/** A GIF whose logical screen is width × height. */
function gifDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  return Buffer.concat([header, Buffer.from([0x3b])]);
}

/** A baseline JPEG's start and its frame header declaring width × height. */
function jpegDeclaring(width: number, height: number): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInTenant>>;
let quizId: number;
let quizHash: string;
let questionIds: number[];

beforeAll(async () => {
  server = await createTestServer();
  admin = await signedInTenant(server, { pollEnabled: true });
  const setup = await createPlayQuiz(server, admin);
  quizId = setup.id;
  quizHash = setup.hash;
  questionIds = await questionsOf(server, admin.clientId, 2);
});
afterAll(() => server.close());

function send(method: string, url: string, options: { payload?: unknown; headers?: Record<string, string> } = {}) {
  return server.app.inject({
    method: method as 'POST',
    url,
    headers: { ...admin.headers, ...options.headers },
    payload: options.payload as string,
  });
}

/** A refusal as the portal reads it: 4xx, JSON, and something that says what was wrong. */
function expectRefusal(response: LightMyRequestResponse, status?: number): Json {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (status) expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as Json;
  expect(Object.keys(body).length).toBeGreaterThan(0);
  return body;
}

describe('malformed multipart', () => {
  const form = (payload: Buffer | string, contentType = 'multipart/form-data; boundary=hostileBoundary') =>
    send('POST', '/api/v1/questions/', { payload, headers: { 'content-type': contentType } });

  it('answers 400 naming the problem for a form without boundary, cut short, or with an unnamed part', async () => {
    expect(expectRefusal(await form('name=x', 'multipart/form-data'), 400).detail).toMatch(/multipart|boundary/i);
    const truncated = multipart([{ name: 'description', data: 'hello' }]).subarray(0, 60);
    expect(expectRefusal(await form(truncated), 400).detail).toMatch(/^Malformed multipart form/);
    expect(expectRefusal(await form(multipart([{ data: 'hello' }])), 400)).toEqual({ detail: UNNAMED_PART_MESSAGE });
    const garbage = `--hostileBoundary\r\nnot a header at all\r\n\r\nx\r\n--hostileBoundary--\r\n`;
    expectRefusal(await form(garbage));
  });

  it('treats a file where text is expected as a missing field, and text where a file is expected as no file', async () => {
    const fileAsText = multipart([
      { name: 'description', filename: 'a.txt', type: 'text/plain', data: 'What?' },
      { name: 'options', data: 'A: a, B: b, C: c, D: d' },
      { name: 'category', data: 'x' },
      { name: 'correct_option', data: 'A' },
    ]);
    const body = expectRefusal(await form(fileAsText), 400);
    expect(body.description).toEqual(['This field is required.']);
    expect(body.category).toBeDefined();
  });

  it('reads a form with thousands of repeated fields in one pass, and refuses more fields than the limit', async () => {
    const ids = Array.from({ length: 4000 }, (_, index) => ({ name: 'questions', data: String(index + 1) }));
    const many = await send('POST', '/api/v1/bulk-delete-questions/', {
      payload: multipart(ids),
      headers: { 'content-type': 'multipart/form-data; boundary=hostileBoundary' },
    });
    expect(expectRefusal(many, 400)).toEqual({ questions: [maxItemsMessage(MAX_BULK_IDS)] });
    const tooMany = Array.from({ length: 6000 }, () => ({ name: 'questions', data: '1' }));
    const refused = await send('POST', '/api/v1/bulk-delete-questions/', {
      payload: multipart(tooMany),
      headers: { 'content-type': 'multipart/form-data; boundary=hostileBoundary' },
    });
    expect(expectRefusal(refused, 413).detail).toMatch(/too many fields/);
  });
});

describe('JSON bodies', () => {
  it('refuses a body nested deeper than the limit before parsing it, and a huge one by its size', async () => {
    const deep = `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    expect(
      expectRefusal(await send('POST', '/api/v1/category/', { payload: deep, headers: { 'content-type': 'application/json' } }), 400),
    ).toEqual({
      detail: jsonTooDeepMessage(MAX_JSON_DEPTH),
    });
    const huge = await send('POST', '/api/v1/category/', { payload: { name: 'x'.repeat(200 * 1024) } });
    expect(expectRefusal(huge, 413)).toEqual({ detail: 'The request is too large: the limit is 64 KB.' });
  });

  it('counts depth outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[[[[[[[[[[["}', 2)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[","b":[[1]]}', 2)).toBe(true);
    expect(jsonDepthExceeds('[[]]', 2)).toBe(false);
  });

  it('refuses wrong content types with 415 naming the type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'image/png']) {
      const body = expectRefusal(await send('POST', '/api/v1/category/', { payload: 'name=x', headers: { 'content-type': type } }), 415);
      expect(body.detail).toContain(type);
    }
  });

  it('refuses lone surrogates in a body or a query with a 400 naming the field', async () => {
    const body = await send('POST', '/api/v1/category/', {
      payload: '{"name":"caf\\ud800e"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectRefusal(body, 400)).toEqual({ name: [INVALID_UNICODE_MESSAGE] });
    const low = await send('POST', `/api/v1/play/quizzes/${quizHash}/join`, {
      payload: '{"join_code":"1","first_name":"\\udc00","last_name":"B","email":"a@b.test","mobile":"+1 555 0100"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectRefusal(low, 400).first_name).toContain(INVALID_UNICODE_MESSAGE);
    // A URL cannot carry a lone surrogate (its UTF-8 form is invalid and decodes to U+FFFD): never a 500.
    expect((await send('GET', '/api/v1/category/?search=%ED%A0%80')).statusCode).toBe(200);
  });
});

describe('bounded lists and searches', () => {
  it('refuses tens of thousands of ids on every bulk call and filter with the limit in the message', async () => {
    const ids = Array.from({ length: 40_000 }, (_, index) => index + 1);
    const bulkQuestions = await send('POST', '/api/v1/bulk-delete-questions/', { payload: { questions: ids } });
    expect(expectRefusal(bulkQuestions, 400)).toEqual({ questions: [maxItemsMessage(MAX_BULK_IDS)] });
    const bulkAttempts = await send('POST', '/api/v1/bulk-delete-attempts/', { payload: { attempts: ids } });
    expect(expectRefusal(bulkAttempts, 400)).toEqual({ attempts: [maxItemsMessage(MAX_BULK_IDS)] });
    const quiz = await send('PATCH', `/api/v1/quiz/${quizId}/`, { payload: { questions: ids } });
    expect(expectRefusal(quiz, 400)).toEqual({ questions: [maxItemsMessage(MAX_QUIZ_QUESTIONS)] });
    const filter = await send('GET', `/api/v1/questions/?category=${ids.slice(0, 5000).join(',')}`);
    expect(expectRefusal(filter, 400)).toEqual({ category: [maxItemsMessage(MAX_BULK_IDS)] });
  });

  it('refuses a search of a thousand words, and one too long, naming the limit', async () => {
    const words = Array.from({ length: 1000 }, (_, index) => `w${index}`).join('+');
    for (const url of [
      '/api/v1/questions/',
      '/api/v1/category/',
      '/api/v1/quiz/',
      '/api/v1/attempts/',
      '/api/v1/export-quiz-participants/',
    ]) {
      expect(expectRefusal(await send('GET', `${url}?search=${words.slice(0, 480)}`), 400)).toEqual({
        search: [searchWordsMessage(MAX_SEARCH_WORDS)],
      });
      expect(expectRefusal(await send('GET', `${url}?search=${words}`), 400)).toEqual({ search: [maxLengthMessage(TEXT_LIMITS.search)] });
    }
    const fine = await send(
      'GET',
      `/api/v1/questions/?search=${Array.from({ length: MAX_SEARCH_WORDS }, (_, index) => `w${index}`).join('+')}`,
    );
    expect(fine.statusCode).toBe(200);
  });

  it('costs one length check, not one parse per item, for a list of 200,000 numbers (about 400 KB)', async () => {
    let itemsRead = 0;
    const counted = boundedList(
      z.number().refine(() => {
        itemsRead += 1;
        return false;
      }),
      MAX_BULK_IDS,
    );
    const numbers = Array.from({ length: 200_000 }, () => 0);
    expect(counted.safeParse(numbers).success).toBe(false);
    expect(itemsRead).toBe(0);
    // The request the probe sent: the quiz's ids as one JSON list, over the route's body limit; half of it
    // fits, and is refused by its length before any id is read.
    const response = await send('POST', '/api/v1/quiz/', { payload: { ...quizPayload(questionIds), questions: numbers } });
    expect(expectRefusal(response, 413)).toEqual({ detail: 'The request is too large: the limit is 256 KB.' });
    const half = await send('POST', '/api/v1/quiz/', { payload: { ...quizPayload(questionIds), questions: numbers.slice(0, 100_000) } });
    expect(expectRefusal(half, 400)).toEqual({ questions: [maxItemsMessage(MAX_QUIZ_QUESTIONS)] });
    expect((await send('GET', '/api/health')).statusCode).toBe(200);
  });
});

describe('bounded text', () => {
  const long = (max: number) => 'x'.repeat(max + 1);
  const cases: { method: string; url: () => string; field: string; max: number; base?: () => Json }[] = [
    { method: 'POST', url: () => '/api/v1/category/', field: 'name', max: TEXT_LIMITS.categoryName },
    { method: 'POST', url: () => '/api/v1/questions/', field: 'description', max: TEXT_LIMITS.description },
    { method: 'POST', url: () => '/api/v1/questions/', field: 'hint', max: TEXT_LIMITS.hint },
    { method: 'POST', url: () => '/api/v1/questions/', field: 'options', max: TEXT_LIMITS.options },
    { method: 'PATCH', url: () => `/api/v1/quiz/${quizId}/`, field: 'name', max: TEXT_LIMITS.name },
    { method: 'PATCH', url: () => `/api/v1/quiz/${quizId}/`, field: 'description', max: TEXT_LIMITS.description },
    { method: 'PATCH', url: () => `/api/v1/quiz/${quizId}/`, field: 'sponsor_name', max: TEXT_LIMITS.name },
    { method: 'POST', url: () => '/api/v1/poll-list/', field: 'name', max: TEXT_LIMITS.name },
    { method: 'POST', url: () => '/api/v1/poll-choices/', field: 'name', max: TEXT_LIMITS.name },
    { method: 'PATCH', url: () => `/api/v1/profiles/client/${admin.clientId}/`, field: 'business_name', max: TEXT_LIMITS.name },
    { method: 'PATCH', url: () => `/api/v1/profiles/client/${admin.clientId}/`, field: 'description', max: TEXT_LIMITS.description },
    {
      method: 'POST',
      url: () => '/api/v1/accounts/login/',
      field: 'password',
      max: TEXT_LIMITS.password,
      base: () => ({ email: 'a@b.test' }),
    },
    { method: 'POST', url: () => '/api/v1/accounts/login/', field: 'email', max: TEXT_LIMITS.email },
    { method: 'POST', url: () => '/api/rest-auth/password/reset/', field: 'email', max: TEXT_LIMITS.email },
    { method: 'POST', url: () => `/api/v1/play/quizzes/${quizHash}/join`, field: 'first_name', max: TEXT_LIMITS.personName },
  ];

  it.each(cases)('$method $field: one character over its limit is a 400 naming the field', async ({ method, url, field, max, base }) => {
    const response = await send(method, url(), { payload: { ...base?.(), [field]: long(max) } });
    expect(expectRefusal(response, 400)[field]).toContain(maxLengthMessage(max));
  });
});

describe('images', () => {
  const upload = (data: Buffer, filename = 'bomb.png') =>
    send('PATCH', `/api/v1/profiles/client/${admin.clientId}/`, {
      payload: multipart([{ name: 'business_logo', filename, type: 'image/png', data }]),
      headers: { 'content-type': 'multipart/form-data; boundary=hostileBoundary' },
    });

  it('refuses a small file declaring more than the pixel limit, by its header, in PNG, GIF and JPEG', async () => {
    for (const [data, name] of [
      [pngDeclaring(100_000, 100_000), 'bomb.png'],
      [gifDeclaring(65_535, 65_535), 'bomb.gif'],
      [jpegDeclaring(65_000, 65_000), 'bomb.jpg'],
    ] as const) {
      expect(data.length).toBeLessThan(200);
      const body = expectRefusal(await upload(data, name), 400);
      expect((body.business_logo as string[])[0]).toMatch(new RegExp(`at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`));
    }
    const atLimit = await upload(pngDeclaring(5000, 5000));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect((await upload(PNG_1X1, 'logo.png')).statusCode).toBe(200);
  });

  it('still judges the type by content', async () => {
    const body = expectRefusal(await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png'), 400);
    expect((body.business_logo as string[])[0]).toMatch(/^Upload a valid image/);
  });
});

describe('hashes', () => {
  it('never lets a client choose a quiz hash, so no answer tells whether another client has one', async () => {
    const other = await signedInTenant(server);
    const theirs = await createPlayQuiz(server, other);
    const created = await send('POST', '/api/v1/quiz/', { payload: { ...quizPayload(questionIds), quiz_hash: theirs.hash } });
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json() as { id: number; quiz_hash: string };
    expect(mine.quiz_hash).not.toBe(theirs.hash);
    expect(mine.quiz_hash).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const patched = await send('PATCH', `/api/v1/quiz/${mine.id}/`, { payload: { quiz_hash: theirs.hash } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as { quiz_hash: string }).quiz_hash).toBe(mine.quiz_hash);
  });
});
