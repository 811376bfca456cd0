import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAttempt, insertViewer } from './routes/attempts.fixtures';
import { createTestServer, login, signedInTenant, type TestServer } from './test/support';

// docs/decisions.md "Tenant isolation": client B, signed in, walks every endpoint of the API with client A's ids.
// Reads answer 404 or lists without A's rows; writes answer 404/400 and leave A's rows exactly as they
// were; A's ids inside B's payloads are refused; `?client=<A>` changes nothing. A new endpoint is one
// line in a table below. Every row of A carries the word "alpha" so any leak shows in a response body.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OPTIONS = 'A: one, B: two, C: three, D: four';
const OWNED_TABLES = ['categories', 'questions', 'quizzes', 'polls', 'poll_choices', 'viewers', 'attempts'] as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Ids {
  client: number;
  category: number;
  question: number;
  quiz: number;
  poll: number;
  choice: number;
  viewer: number;
  attempt: number;
}
interface Tenant {
  ids: Ids;
  headers: { authorization: string };
}
/** One call of the walk: `body` is JSON unless `multipart` (then every value is a text field, plus an image). */
interface Call {
  method: Method;
  url: (a: Ids, b: Ids) => string;
  body?: (a: Ids, b: Ids) => Record<string, unknown>;
  multipart?: boolean;
}

let server: TestServer;
let a: Tenant;
let b: Tenant;

function multipart(fields: Record<string, unknown>) {
  const boundary = '----isolation-boundary';
  const chunks: Buffer[] = [];
  const part = (disposition: string, data: Buffer | string) =>
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`),
      Buffer.from(data),
      Buffer.from('\r\n'),
    );
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) part(`name="${name}"`, String(item));
  }
  part('name="image"; filename="x.png"', PNG);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends `call` as `tenant`, naming `foreign`'s ids (A's unless told otherwise). */
function send(call: Call, tenant: Tenant, headers: Record<string, string> = tenant.headers, foreign: Ids = a.ids) {
  const url = call.url(foreign, b.ids);
  const body = call.body?.(foreign, b.ids);
  if (call.multipart) {
    const form = multipart(body ?? {});
    return server.app.inject({ method: call.method, url, payload: form.payload, headers: { ...headers, ...form.headers } });
  }
  return server.app.inject({ method: call.method, url, payload: body as Record<string, string> | undefined, headers });
}

async function expectCreated(response: { statusCode: number; body: string; json(): unknown }): Promise<number> {
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

/** A tenant with one row of every kind, named after `word`; A also deletes one row of each mirrored kind. */
async function tenantWithEverything(word: string): Promise<Tenant> {
  const signedIn = await signedInTenant(server, { pollEnabled: true, socialAuth: true, name: `${word} client` });
  const headers = signedIn.headers;
  const post = (url: string, payload: Record<string, unknown>) => server.app.inject({ method: 'POST', url, payload, headers });
  const category = await expectCreated(await post('/api/v1/category/', { name: `${word} category` }));
  const questionForm = multipart({ description: `${word} question`, options: OPTIONS, category, correct_option: 'A' });
  const question = await expectCreated(
    await server.app.inject({
      method: 'POST',
      url: '/api/v1/questions/',
      payload: questionForm.payload,
      headers: { ...headers, ...questionForm.headers },
    }),
  );
  const quiz = await expectCreated(
    await post('/api/v1/quiz/', {
      name: `${word} quiz`,
      mode: 'MANUAL',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: '12',
      max_attempt_count: 1,
      start_date_time: '2030-01-01T10:00:00Z',
      end_date_time: '2030-01-01T11:00:00Z',
      questions: [question],
    }),
  );
  const poll = await expectCreated(await post('/api/v1/poll-list/', { name: `${word} poll`, join_code: '34' }));
  const choice = await expectCreated(await post('/api/v1/poll-choices/', { name: `${word} choice`, votes: 3, question: poll }));
  const viewer = await insertViewer(server.db, server.clock, signedIn.clientId, {
    username: `${word}-viewer`,
    first_name: word,
    email: `${word}@example.test`,
  });
  const attempt = await insertAttempt(server.db, server.clock, signedIn.clientId, {
    viewerId: viewer,
    quizId: quiz,
    score: 7,
    timeTaken: 12,
  });
  const profile = await server.app.inject({
    method: 'PATCH',
    url: `/api/v1/profiles/client/${signedIn.clientId}/`,
    payload: { business_name: `${word} business` },
    headers,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const provider = await server.app.inject({
    method: 'PUT',
    url: '/api/v1/client-oidc/',
    payload: {
      issuer: `https://${word}.idp.test`,
      oidc_client_id: `${word}-id`,
      oidc_client_secret: `${word}-secret`,
      label: `${word} button`,
    },
    headers,
  });
  expect(provider.statusCode, provider.body).toBe(200);
  // Deleted rows, so updated_after pulls have deletions to (not) leak.
  for (const [url, payload] of [
    ['/api/v1/category/', { name: `${word} gone` }],
    ['/api/v1/poll-list/', { name: `${word} gone`, join_code: '9' }],
  ] as const) {
    const id = await expectCreated(await post(url, payload));
    expect((await server.app.inject({ method: 'DELETE', url: `${url}${id}/`, headers })).statusCode).toBe(204);
  }
  return { ids: { client: signedIn.clientId, category, question, quiz, poll, choice, viewer, attempt }, headers };
}

/** Every row of a client, with the quiz-question links of its quizzes and its client row. */
async function rowsOf(clientId: number): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of OWNED_TABLES) {
    rows[table] = (await sql`select * from ${sql.table(table)} where client_id = ${clientId} order by id`.execute(server.db)).rows;
  }
  rows.quiz_questions = await server.db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('quiz_id', 'in', server.db.selectFrom('quizzes').select('id').where('client_id', '=', clientId))
    .orderBy('id')
    .execute();
  rows.clients = await server.db.selectFrom('clients').selectAll().where('id', '=', clientId).execute();
  rows.client_oidc = await server.db.selectFrom('client_oidc').selectAll().where('client_id', '=', clientId).execute();
  return rows;
}

const uploadedFiles = () => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};

beforeAll(async () => {
  server = await createTestServer({ env: { LOGIN_RATE_LIMIT: '1000' } });
  a = await tenantWithEverything('alpha');
  b = await tenantWithEverything('beta');
});
afterAll(async () => {
  await server.close();
});

/** A's objects by id, read with B's token: each answers 404. */
const FOREIGN_READS: Call[] = [
  { method: 'GET', url: (x) => `/api/v1/category/${x.category}/` },
  { method: 'GET', url: (x) => `/api/v1/questions/${x.question}/` },
  { method: 'GET', url: (x) => `/api/v1/quiz/${x.quiz}/` },
  { method: 'GET', url: (x) => `/api/v1/poll-list/${x.poll}/` },
  { method: 'GET', url: (x) => `/api/v1/poll-choices/${x.choice}/` },
  { method: 'GET', url: (x) => `/api/v1/profiles/client/${x.client}/` },
];

/** Writes and deletes of A's objects by id with B's token: each answers 404 and changes nothing. */
const FOREIGN_WRITES: Call[] = [
  { method: 'PATCH', url: (x) => `/api/v1/category/${x.category}/`, body: () => ({ name: 'taken over' }) },
  { method: 'DELETE', url: (x) => `/api/v1/category/${x.category}/` },
  { method: 'PATCH', url: (x) => `/api/v1/questions/${x.question}/`, body: () => ({ description: 'taken over' }) },
  { method: 'PATCH', url: (x) => `/api/v1/questions/${x.question}/`, body: () => ({ description: 'taken over' }), multipart: true },
  { method: 'DELETE', url: (x) => `/api/v1/questions/${x.question}/` },
  { method: 'PATCH', url: (x) => `/api/v1/quiz/${x.quiz}/`, body: () => ({ name: 'taken over', status: 'STARTED' }) },
  { method: 'PATCH', url: (x) => `/api/v1/quiz/${x.quiz}/`, body: () => ({ name: 'taken over' }), multipart: true },
  { method: 'DELETE', url: (x) => `/api/v1/quiz/${x.quiz}/` },
  { method: 'PATCH', url: (x) => `/api/v1/poll-list/${x.poll}/`, body: () => ({ name: 'taken over' }), multipart: true },
  { method: 'DELETE', url: (x) => `/api/v1/poll-list/${x.poll}/` },
  { method: 'PATCH', url: (x) => `/api/v1/poll-choices/${x.choice}/`, body: () => ({ votes: 9999 }) },
  { method: 'DELETE', url: (x) => `/api/v1/poll-choices/${x.choice}/` },
  { method: 'DELETE', url: (x) => `/api/v1/attempts/${x.attempt}/` },
  { method: 'PATCH', url: (x) => `/api/v1/profiles/client/${x.client}/`, body: () => ({ business_name: 'taken over' }) },
  { method: 'PATCH', url: (x) => `/api/v1/profiles/client/${x.client}/`, body: () => ({ business_name: 'taken over' }), multipart: true },
];

/** B's own writes naming A's ids inside the payload: each answers 400 and changes nothing of A's. */
const FOREIGN_REFERENCES: Call[] = [
  {
    method: 'POST',
    url: () => '/api/v1/questions/',
    body: (x) => ({ description: 'mine', options: OPTIONS, category: x.category, correct_option: 'A' }),
  },
  {
    method: 'POST',
    url: () => '/api/v1/questions/',
    body: (x) => ({ description: 'mine', options: OPTIONS, category: x.category, correct_option: 'A' }),
    multipart: true,
  },
  { method: 'PATCH', url: (_, own) => `/api/v1/questions/${own.question}/`, body: (x) => ({ category: x.category }) },
  {
    method: 'POST',
    url: () => '/api/v1/quiz/',
    body: (x) => ({
      name: 'mine',
      mode: 'MANUAL',
      qs_timer: 30,
      before_qs_timer: 5,
      join_code: '1',
      max_attempt_count: 1,
      start_date_time: '2030-01-01T10:00:00Z',
      end_date_time: '2030-01-01T11:00:00Z',
      questions: [x.question],
    }),
  },
  { method: 'PATCH', url: (_, own) => `/api/v1/quiz/${own.quiz}/`, body: (x, own) => ({ questions: [own.question, x.question] }) },
  { method: 'PATCH', url: (_, own) => `/api/v1/quiz/${own.quiz}/`, body: (x) => ({ questions: [x.question] }), multipart: true },
  { method: 'POST', url: () => '/api/v1/poll-choices/', body: (x) => ({ name: 'mine', votes: 1, question: x.poll }) },
  { method: 'PATCH', url: (_, own) => `/api/v1/poll-choices/${own.choice}/`, body: (x) => ({ question: x.poll }) },
  { method: 'POST', url: () => '/api/v1/bulk-delete-questions/', body: (x) => ({ questions: [x.question] }) },
  { method: 'POST', url: () => '/api/v1/bulk-delete-questions/', body: (x, own) => ({ questions: [own.question, x.question] }) },
  { method: 'POST', url: () => '/api/v1/bulk-delete-attempts/', body: (x) => ({ attempts: [x.attempt] }) },
  { method: 'POST', url: () => '/api/v1/bulk-delete-attempts/', body: (x, own) => ({ attempts: [own.attempt, x.attempt] }) },
  { method: 'PUT', url: () => '/api/v1/quiz-reset-attempts/', body: (x) => ({ quiz: x.quiz }) },
  { method: 'PUT', url: () => '/api/v1/quiz-reset-attempts/', body: (x) => ({ quiz: x.quiz }), multipart: true },
];

/** Every list of the API with every filter that could name A: none may show A's rows or deletions. */
const LISTS: string[] = [
  '/api/v1/category/',
  '/api/v1/questions/',
  '/api/v1/portal-quiz/',
  '/api/v1/quiz/',
  '/api/v1/poll-list/',
  '/api/v1/poll-choices/',
  '/api/v1/attempts/',
  '/api/v1/profiles/viewer/',
  '/api/v1/profiles/client/',
  '/api/v1/export-quiz-participants/',
];
const LIST_FILTERS: ((x: Ids) => string)[] = [
  () => '',
  (x) => `client=${x.client}`,
  () => 'search=alpha',
  (x) => `search=alpha&client=${x.client}`,
  () => 'updated_after=2000-01-01T00:00:00Z',
  (x) => `updated_after=2000-01-01T00:00:00Z&client=${x.client}`,
  (x) => `quiz=${x.quiz}`,
  (x) => `category=${x.category}`,
  (x) => `question=${x.poll}`,
  () => 'page=1',
];

/**
 * The client's OpenID provider has no id in its path: it is always the caller's. B's calls naming A
 * in the query answer B's own provider and leave A's as it was.
 */
const CLIENT_OIDC_CALLS: Call[] = [
  { method: 'GET', url: (x) => `/api/v1/client-oidc/?client=${x.client}` },
  {
    method: 'PUT',
    url: (x) => `/api/v1/client-oidc/?client=${x.client}`,
    body: (x) => ({ client: x.client, issuer: 'https://taken.over.test', oidc_client_id: 'taken', label: 'taken over' }),
  },
  { method: 'DELETE', url: (x) => `/api/v1/client-oidc/?client=${x.client}` },
];

/** Every endpoint and method of the API that needs a token (for the 401 walk). */
const EVERY_PROTECTED_CALL: Call[] = [
  ...LISTS.map((url): Call => ({ method: 'GET', url: () => url })),
  ...FOREIGN_READS,
  ...FOREIGN_WRITES,
  ...FOREIGN_REFERENCES,
  { method: 'POST', url: () => '/api/v1/category/', body: () => ({ name: 'new' }) },
  { method: 'POST', url: () => '/api/v1/poll-list/', body: () => ({ name: 'new', join_code: '1' }) },
  { method: 'GET', url: () => '/api/v1/accounts/user/' },
  { method: 'POST', url: () => '/api/v1/accounts/logout/' },
  ...CLIENT_OIDC_CALLS,
];

describe('tenant isolation: client B with client A’s ids', () => {
  it.each(FOREIGN_READS.map((call) => [`${call.method} ${call.url({ ...emptyIds() }, emptyIds())}`, call] as const))(
    '%s answers 404',
    async (_, call) => {
      const response = await send(call, b);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    },
  );

  it.each(
    [...FOREIGN_WRITES.map((call) => [call, 404] as const), ...FOREIGN_REFERENCES.map((call) => [call, 400] as const)].map(
      ([call, status]) =>
        [`${call.method} ${call.url(emptyIds(), emptyIds())}${call.multipart ? ' (multipart)' : ''} -> ${status}`, call, status] as const,
    ),
  )('%s, and changes nothing of A’s', async (_, call, status) => {
    const before = { a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client), files: uploadedFiles() };
    const response = await send(call, b);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.body.toLowerCase()).not.toContain('alpha');
    expect(await rowsOf(a.ids.client)).toEqual(before.a);
    // All or nothing: a refused write changes none of B's rows either, and stores no file.
    expect(await rowsOf(b.ids.client)).toEqual(before.b);
    expect(uploadedFiles()).toEqual(before.files);
  });

  it.each(
    LISTS.flatMap((url) => LIST_FILTERS.map((filter) => [url, filter] as const)).map(
      ([url, filter]) => [`${url}?${filter(emptyIds())}`, url, filter] as const,
    ),
  )('GET %s never shows A’s rows or deletions', async (_, url, filter) => {
    const response = await server.app.inject({ url: `${url}?${filter(a.ids)}`, headers: b.headers });
    // A malformed filter for this list is a 400; anything else is B's own data.
    expect([200, 400], response.body).toContain(response.statusCode);
    expect(response.body.toLowerCase()).not.toContain('alpha');
    if (response.statusCode !== 200 || url.includes('export')) return;
    const page = response.json() as { results: { id: number; client?: number }[]; deleted?: number[] };
    for (const row of page.results) if (row.client !== undefined) expect(row.client).toBe(b.ids.client);
    if (url === '/api/v1/profiles/client/') expect(page.results.map((row) => row.id)).toEqual([b.ids.client]);
    // B deleted rows of its own only (its "beta gone" category and poll), never A's.
    if (page.deleted) for (const id of page.deleted) expect(id).not.toBe(a.ids.category);
    if (page.deleted && url === '/api/v1/category/') expect(page.deleted).toHaveLength(1);
  });

  it('client-oidc/ with ?client=<A> reads and changes only B’s own provider, and never shows A’s', async () => {
    const before = await rowsOf(a.ids.client);
    const [read, write, removal] = CLIENT_OIDC_CALLS;
    for (const call of [read, write, read, removal, read]) {
      const response = await send(call as Call, b);
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(response.body.toLowerCase()).not.toContain('alpha');
      if (call === write) expect(response.json()).toMatchObject({ issuer: 'https://taken.over.test', has_secret: true });
    }
    expect((await send(read as Call, b)).json()).toMatchObject({ configured: false });
    expect(await rowsOf(a.ids.client)).toEqual(before);
    expect((await send(read as Call, a)).json()).toMatchObject({ issuer: 'https://alpha.idp.test', label: 'alpha button' });
  });

  it('leaves A’s rows and image in place, and A still reads them', async () => {
    const question = await server.app.inject({ url: `/api/v1/questions/${a.ids.question}/`, headers: a.headers });
    expect(question.json()).toMatchObject({ description: 'alpha question', category: a.ids.category });
    expect((await server.app.inject({ url: new URL(question.json().image).pathname })).statusCode).toBe(200);
    const quiz = await server.app.inject({ url: `/api/v1/quiz/${a.ids.quiz}/`, headers: a.headers });
    expect(quiz.json()).toMatchObject({ name: 'alpha quiz', questions: [a.ids.question], attempts: [a.ids.attempt] });
    const user = await server.app.inject({ url: '/api/v1/accounts/user/', headers: b.headers });
    expect(user.json().client).toBe(b.ids.client);
  });
});

describe('ids that exist nowhere, 32-bit overflow included', () => {
  // PostgreSQL ids were once 32-bit: 99999999999 failed the query there (500) while SQLite answered 404.
  const nowhere = (id: number): Ids => ({
    client: id,
    category: id,
    question: id,
    quiz: id,
    poll: id,
    choice: id,
    viewer: id,
    attempt: id,
  });

  it.each([987654, 2147483648, 99999999999])(
    '%i answers 404 on reads and writes, 400 inside payloads, and never a 500 in lists',
    async (id) => {
      const before = { a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client) };
      for (const [calls, status] of [
        [FOREIGN_READS, 404],
        [FOREIGN_WRITES, 404],
        [FOREIGN_REFERENCES, 400],
      ] as const) {
        for (const call of calls) {
          const response = await send(call, b, b.headers, nowhere(id));
          expect(response.statusCode, `${call.method} ${call.url(nowhere(id), b.ids)}`).toBe(status);
        }
      }
      for (const url of LISTS) {
        for (const filter of LIST_FILTERS) {
          const response = await server.app.inject({ url: `${url}?${filter(nowhere(id))}`, headers: b.headers });
          expect([200, 400], `${url}?${filter(nowhere(id))}`).toContain(response.statusCode);
        }
      }
      expect({ a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client) }).toEqual(before);
    },
  );
});

describe('revoked and unknown tokens', () => {
  it('answer 401 on every endpoint and change nothing', async () => {
    const tenant = await signedInTenant(server);
    const revoked = await login(server, tenant.email, tenant.password);
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/logout/',
      headers: { authorization: `Token ${revoked}` },
    });
    expect(logout.statusCode).toBe(200);
    const before = { a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client) };
    for (const authorization of [`Token ${revoked}`, `Token ${'0'.repeat(40)}`]) {
      for (const call of EVERY_PROTECTED_CALL) {
        const response = await send(call, b, { authorization });
        expect(response.statusCode, `${call.method} ${call.url(a.ids, b.ids)}`).toBe(401);
        expect(response.json()).toEqual({ detail: 'Invalid token.' });
      }
    }
    expect({ a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client) }).toEqual(before);
  });
});

/** Placeholder ids for test names (the real ids exist only once beforeAll ran). */
function emptyIds(): Ids {
  return { client: 0, category: 0, question: 0, quiz: 0, poll: 0, choice: 0, viewer: 0, attempt: 0 };
}

describe('participants: a player of client A reaches nothing of client B', () => {
  it('answers 4xx on B’s quiz, questions and poll, and on every portal endpoint, and changes nothing of B', async () => {
    const hashOf = async (clientId: number) => {
      const quiz = await server.db.selectFrom('quizzes').select('quiz_hash').where('client_id', '=', clientId).executeTakeFirstOrThrow();
      const poll = await server.db
        .selectFrom('polls')
        .select('link_key')
        .where('client_id', '=', clientId)
        .where('id', '=', clientId === a.ids.client ? a.ids.poll : b.ids.poll)
        .executeTakeFirstOrThrow();
      return { quiz: quiz.quiz_hash, poll: poll.link_key };
    };
    const hashesA = await hashOf(a.ids.client);
    const hashesB = await hashOf(b.ids.client);
    const joined = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/quizzes/${hashesA.quiz}/join`,
      payload: { join_code: '12', first_name: 'Alpha', last_name: 'Player', email: 'alpha.player@example.test', mobile: '+1 555 0100' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const player = { authorization: `Participant ${(joined.json() as { token: string }).token}` };
    const voterJoin = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/polls/${hashesA.poll}/join`,
      payload: { join_code: '34' },
    });
    const voter = { authorization: `Participant ${(voterJoin.json() as { token: string }).token}` };
    const before = { a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client) };

    const foreignAnswer = await server.app.inject({
      method: 'POST',
      url: '/api/v1/play/attempt/answers',
      payload: { question: b.ids.question, chosen_option: 'A', chosen_at: 1 },
      headers: player,
    });
    expect(foreignAnswer.statusCode).toBe(400);
    const foreignVote = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/polls/${hashesB.poll}/vote`,
      payload: { choice: b.ids.choice },
      headers: voter,
    });
    expect(foreignVote.statusCode).toBe(401);
    const foreignChoice = await server.app.inject({
      method: 'POST',
      url: `/api/v1/play/polls/${hashesA.poll}/vote`,
      payload: { choice: b.ids.choice },
      headers: voter,
    });
    expect(foreignChoice.statusCode).toBe(400);
    // The state answers A's quiz only, whatever is asked.
    const state = await server.app.inject({ url: `/api/v1/play/attempt/?quiz=${b.ids.quiz}&client=${b.ids.client}`, headers: player });
    expect(state.statusCode).toBe(200);
    expect((state.json() as { quiz: { quiz_hash: string } }).quiz.quiz_hash).toBe(hashesA.quiz);
    expect(state.body).not.toContain('beta');
    // B's admin token opens no player route; A's participant and voter tokens open no portal route.
    for (const url of ['/api/v1/play/attempt/', '/api/v1/play/attempt/next', '/api/v1/play/attempt/answers']) {
      const response = await server.app.inject({
        method: url.endsWith('/') ? 'GET' : 'POST',
        url,
        payload: url.endsWith('/') ? undefined : {},
        headers: b.headers,
      });
      expect(response.statusCode, url).toBe(401);
    }
    for (const headers of [player, voter]) {
      for (const call of EVERY_PROTECTED_CALL) {
        const response = await send(call, b, headers, b.ids);
        expect(response.statusCode, `${call.method} ${call.url(b.ids, b.ids)}`).toBe(401);
      }
    }
    expect({ a: await rowsOf(a.ids.client), b: await rowsOf(b.ids.client) }).toEqual(before);
  });
});
