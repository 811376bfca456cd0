import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { insertAttempt, insertQuiz, insertViewer } from './attempts.fixtures';

let server: TestServer;
let headers: { authorization: string };
let otherHeaders: { authorization: string };
let clientId: number;
let otherClientId: number;

beforeEach(async () => {
  server = await createTestServer();
  const tenant = await signedInTenant(server);
  const other = await signedInTenant(server);
  ({ headers, clientId } = tenant);
  ({ headers: otherHeaders, clientId: otherClientId } = other);
});
afterEach(async () => {
  await server.close();
});

type AttemptBody = {
  id: number;
  viewer: string;
  rank: number;
  score: number;
  time_taken: number;
  quiz: { id: number; name: string; status: string };
};

/** Two quizzes with ranked attempts: on "Capitals", ann and bob tie on score, bob was faster. */
async function seedReport() {
  const { db, clock } = server;
  const capitals = await insertQuiz(db, clock, clientId, 'Capitals');
  const rivers = await insertQuiz(db, clock, clientId, 'Rivers');
  const ann = await insertViewer(db, clock, clientId, {
    username: 'ann',
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.test',
    mobile: '0700',
  });
  const bob = await insertViewer(db, clock, clientId, {
    username: 'bob',
    first_name: 'Bob',
    last_name: 'Stone',
    email: 'bob@example.test',
  });
  const cy = await insertViewer(db, clock, clientId, { username: 'cy', first_name: '=HYPERLINK("x")', last_name: '' });
  const annCapitals = await insertAttempt(db, clock, clientId, {
    viewerId: ann,
    quizId: capitals,
    score: 8,
    timeTaken: 40.6,
    startedAt: '2026-01-01T10:00:01.000Z',
  });
  const bobCapitals = await insertAttempt(db, clock, clientId, {
    viewerId: bob,
    quizId: capitals,
    score: 8,
    timeTaken: 30.2,
    startedAt: '2026-01-01T10:00:02.000Z',
  });
  const cyCapitals = await insertAttempt(db, clock, clientId, {
    viewerId: cy,
    quizId: capitals,
    score: 9,
    timeTaken: 50,
    startedAt: '2026-01-01T10:00:03.000Z',
  });
  const annRivers = await insertAttempt(db, clock, clientId, {
    viewerId: ann,
    quizId: rivers,
    score: 2,
    timeTaken: 10,
    startedAt: '2026-01-01T10:00:04.000Z',
  });
  return { capitals, rivers, annCapitals, bobCapitals, cyCapitals, annRivers };
}

describe('attempts/', () => {
  it('lists attempts by rank within each quiz, the newest quiz first, with viewer, quiz, rounded time and rank', async () => {
    const ids = await seedReport();
    const page = (await server.app.inject({ url: '/api/v1/attempts/?client=999', headers })).json();
    expect(page.count).toBe(4);
    expect(page.results.map((row: AttemptBody) => row.id)).toEqual([ids.annRivers, ids.cyCapitals, ids.bobCapitals, ids.annCapitals]);
    expect(page.results[3]).toEqual({
      id: ids.annCapitals,
      viewer: 'ann',
      viewer_detail: { username: 'ann', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test' },
      quiz: { id: ids.capitals, name: 'Capitals', status: 'COMPLETED' },
      score: 8,
      time_taken: 41,
      rank: 3,
      status: 'COMPLETED',
      start_date_time: '2026-01-01T10:00:01.000Z',
    });
    const ranks = Object.fromEntries(page.results.map((row: AttemptBody) => [row.id, row.rank]));
    expect(ranks).toEqual({ [ids.cyCapitals]: 1, [ids.bobCapitals]: 2, [ids.annCapitals]: 3, [ids.annRivers]: 1 });
  });

  it('puts rank 1 first even when a lower place joined later', async () => {
    const { db, clock } = server;
    const quiz = await insertQuiz(db, clock, clientId, 'Ranked');
    const viewer = await insertViewer(db, clock, clientId, { username: 'r' });
    const second = await insertAttempt(db, clock, clientId, {
      viewerId: viewer,
      quizId: quiz,
      score: 5,
      timeTaken: 9,
      startedAt: '2026-01-01T10:05:00.000Z',
    });
    const first = await insertAttempt(db, clock, clientId, {
      viewerId: viewer,
      quizId: quiz,
      score: 9,
      timeTaken: 9,
      startedAt: '2026-01-01T10:00:00.000Z',
    });
    const third = await insertAttempt(db, clock, clientId, {
      viewerId: viewer,
      quizId: quiz,
      score: 1,
      timeTaken: 9,
      startedAt: '2026-01-01T10:09:00.000Z',
    });
    const page = (await server.app.inject({ url: `/api/v1/attempts/?quiz=${quiz}`, headers })).json();
    expect(page.results.map((row: AttemptBody) => [row.id, row.rank])).toEqual([
      [first, 1],
      [second, 2],
      [third, 3],
    ]);
  });

  it('filters by ?quiz= and searches viewer names and quiz name, keeping each rank within the whole quiz', async () => {
    const ids = await seedReport();
    const capitals = (await server.app.inject({ url: `/api/v1/attempts/?quiz=${ids.capitals}`, headers })).json();
    expect(capitals.count).toBe(3);
    const bob = (await server.app.inject({ url: '/api/v1/attempts/?search=stone', headers })).json();
    expect(bob.results.map((row: AttemptBody) => [row.viewer, row.rank])).toEqual([['bob', 2]]);
    const rivers = (await server.app.inject({ url: '/api/v1/attempts/?search=rivers', headers })).json();
    expect(rivers.results.map((row: AttemptBody) => row.id)).toEqual([ids.annRivers]);
    const annOnCapitals = (await server.app.inject({ url: `/api/v1/attempts/?search=ann&quiz=${ids.capitals}`, headers })).json();
    expect(annOnCapitals.results.map((row: AttemptBody) => row.rank)).toEqual([3]);
    expect((await server.app.inject({ url: '/api/v1/attempts/?quiz=x', headers })).statusCode).toBe(400);
  });

  it('pages attempts and never shows another client’s', async () => {
    const quiz = await insertQuiz(server.db, server.clock, clientId, 'Big');
    const viewer = await insertViewer(server.db, server.clock, clientId, { username: 'v' });
    for (let score = 0; score < 12; score += 1)
      await insertAttempt(server.db, server.clock, clientId, { viewerId: viewer, quizId: quiz, score, timeTaken: 5 });
    const foreignQuiz = await insertQuiz(server.db, server.clock, otherClientId, 'Big');
    const foreignViewer = await insertViewer(server.db, server.clock, otherClientId, { username: 'v' });
    await insertAttempt(server.db, server.clock, otherClientId, { viewerId: foreignViewer, quizId: foreignQuiz, score: 100, timeTaken: 1 });
    const first = (await server.app.inject({ url: '/api/v1/attempts/', headers })).json();
    expect(first).toMatchObject({ count: 12, previous: null });
    expect(first.results).toHaveLength(10);
    const second = (await server.app.inject({ url: '/api/v1/attempts/?page=2', headers })).json();
    expect(second.results).toHaveLength(2);
    const all = [...first.results, ...second.results] as AttemptBody[];
    expect(all.map((row) => row.rank).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect((await server.app.inject({ url: `/api/v1/attempts/?quiz=${foreignQuiz}`, headers })).json().count).toBe(0);
    expect((await server.app.inject({ url: '/api/v1/attempts/' })).statusCode).toBe(401);
  });

  it('deletes one attempt; 404 for unknown and foreign ids; 412 on a stale If-Match', async () => {
    const ids = await seedReport();
    const foreignQuiz = await insertQuiz(server.db, server.clock, otherClientId, 'Theirs');
    const foreignViewer = await insertViewer(server.db, server.clock, otherClientId, { username: 'z' });
    const foreign = await insertAttempt(server.db, server.clock, otherClientId, {
      viewerId: foreignViewer,
      quizId: foreignQuiz,
      score: 1,
      timeTaken: 1,
    });
    for (const id of [foreign, 987654]) {
      const response = await server.app.inject({ method: 'DELETE', url: `/api/v1/attempts/${id}/`, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `/api/v1/attempts/${ids.annRivers}/`,
          headers: { ...headers, 'if-match': 'W/"7"' },
        })
      ).statusCode,
    ).toBe(412);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/attempts/${ids.annRivers}/`, headers })).statusCode).toBe(204);
    const left = (await server.app.inject({ url: '/api/v1/attempts/', headers })).json();
    expect(left.count).toBe(3);
    expect((await server.app.inject({ url: '/api/v1/attempts/', headers: otherHeaders })).json().count).toBe(1);
  });
});

describe('bulk-delete-attempts/', () => {
  it('deletes the listed attempts of the caller, and replays with the same Idempotency-Key', async () => {
    const ids = await seedReport();
    const request = {
      method: 'POST' as const,
      url: '/api/v1/bulk-delete-attempts/',
      payload: { attempts: [ids.annCapitals, ids.bobCapitals] },
      headers: { ...headers, 'idempotency-key': 'bulk-1' },
    };
    expect((await server.app.inject(request)).statusCode).toBe(204);
    expect((await server.app.inject(request)).statusCode).toBe(204);
    const left = (await server.app.inject({ url: '/api/v1/attempts/', headers })).json();
    expect(left.results.map((row: AttemptBody) => row.id)).toEqual([ids.annRivers, ids.cyCapitals]);
  });

  it('is all or nothing: an unknown or foreign id deletes none; bad payloads are refused', async () => {
    const ids = await seedReport();
    const foreignQuiz = await insertQuiz(server.db, server.clock, otherClientId, 'Theirs');
    const foreignViewer = await insertViewer(server.db, server.clock, otherClientId, { username: 'z' });
    const foreign = await insertAttempt(server.db, server.clock, otherClientId, {
      viewerId: foreignViewer,
      quizId: foreignQuiz,
      score: 1,
      timeTaken: 1,
    });
    const cases: [unknown, Record<string, string[]>][] = [
      [{ attempts: [ids.annCapitals, foreign] }, { attempts: [`Invalid pk "${foreign}" - object does not exist.`] }],
      [{ attempts: [] }, { attempts: ['This list may not be empty.'] }],
      [{}, { attempts: ['This field is required.'] }],
      [{ attempts: 'all' }, { attempts: ['Expected a list of items but got type "string".'] }],
      [{ attempts: ['first'] }, { attempts: ['A valid number is required.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/bulk-delete-attempts/',
        payload: payload as Record<string, unknown>,
        headers,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const big = await server.app.inject({
      method: 'POST',
      url: '/api/v1/bulk-delete-attempts/',
      payload: { attempts: Array.from({ length: 200_000 }, () => 123456789) },
      headers,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The request is too large: the limit is 256 KB.' });
    expect((await server.db.selectFrom('attempts').select('id').execute()).length).toBe(5);
  });
});

describe('export-quiz-participants/', () => {
  it('streams report.csv with a BOM, the header, ranks, and formula cells neutralised', async () => {
    await seedReport();
    const response = await server.app.inject({ url: '/api/v1/export-quiz-participants/', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Name,Email,Mobile,Quiz,Score,Time Taken,Rank,Status,Start Time',
      'Ann Lee,ann@example.test,0700,Capitals,8,41,3,Completed,2026-01-01T10:00:01.000Z',
      'Bob Stone,bob@example.test,,Capitals,8,30,2,Completed,2026-01-01T10:00:02.000Z',
      `"'=HYPERLINK(""x"")",,,Capitals,9,50,1,Completed,2026-01-01T10:00:03.000Z`,
      'Ann Lee,ann@example.test,0700,Rivers,2,10,1,Completed,2026-01-01T10:00:04.000Z',
    ]);
  });

  it("writes Start Time on the reader's clock when given their time zone, and refuses an unknown zone", async () => {
    await seedReport();
    const response = await server.app.inject({ url: '/api/v1/export-quiz-participants/?tz=Asia/Kolkata', headers });
    expect(response.statusCode).toBe(200);
    expect(response.body.slice(1).trimEnd().split('\r\n')[1]).toBe(
      'Ann Lee,ann@example.test,0700,Capitals,8,41,3,Completed,2026-01-01 15:30:01',
    );
    const refused = await server.app.inject({ url: '/api/v1/export-quiz-participants/?tz=Mars/Olympus', headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Unknown time zone.');
  });

  it('honours search and quiz, only exports the caller’s attempts, and needs a token', async () => {
    const ids = await seedReport();
    const search = await server.app.inject({ url: '/api/v1/export-quiz-participants/?search=bob', headers });
    // A filtered export keeps each attempt's place in its whole quiz.
    expect(search.body.trimEnd().split('\r\n').slice(1)).toEqual([
      'Bob Stone,bob@example.test,,Capitals,8,30,2,Completed,2026-01-01T10:00:02.000Z',
    ]);
    const malformed = await server.app.inject({ url: '/api/v1/export-quiz-participants/?quiz=abc', headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ quiz: ['Select a valid choice. That choice is not one of the available choices.'] });
    const quiz = await server.app.inject({ url: `/api/v1/export-quiz-participants/?quiz=${ids.rivers}`, headers });
    expect(quiz.body.trimEnd().split('\r\n').slice(1)).toEqual([
      'Ann Lee,ann@example.test,0700,Rivers,2,10,1,Completed,2026-01-01T10:00:04.000Z',
    ]);
    const other = await server.app.inject({ url: '/api/v1/export-quiz-participants/', headers: otherHeaders });
    expect(other.body.trimEnd().split('\r\n')).toHaveLength(1);
    expect((await server.app.inject({ url: '/api/v1/export-quiz-participants/' })).statusCode).toBe(401);
  });

  it('reads the rows in batches, so every row arrives once with its rank across batch boundaries', async () => {
    const quiz = await insertQuiz(server.db, server.clock, clientId, 'Crowd');
    const viewer = await insertViewer(server.db, server.clock, clientId, { username: 'crowd' });
    const total = 5123; // more than two export batches (2000 rows each)
    const rows = Array.from({ length: total }, (_, index) => ({
      viewer_id: viewer,
      quiz_id: quiz,
      score: index,
      time_taken: 1,
      rank: null,
      status: 'COMPLETED',
      start_date_time: '2026-01-01T10:00:00.000Z',
      client_id: clientId,
      created_at: 'x',
      updated_at: 'x',
      version: 1,
    }));
    for (let start = 0; start < total; start += 500)
      await server.db
        .insertInto('attempts')
        .values(rows.slice(start, start + 500))
        .execute();
    const response = await server.app.inject({ url: '/api/v1/export-quiz-participants/', headers });
    const lines = response.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(total);
    const ranks = lines.map((line) => Number(line.split(',')[6]));
    expect(ranks[0]).toBe(total);
    expect(ranks[total - 1]).toBe(1);
    expect(new Set(ranks).size).toBe(total);
  });

  it('never holds more than one batch of rows at once: the ranking is read through a cursor', async () => {
    const quiz = await insertQuiz(server.db, server.clock, clientId, 'Crowd');
    const viewer = await insertViewer(server.db, server.clock, clientId, { username: 'crowd' });
    const total = 4500;
    const rows = Array.from({ length: total }, (_, index) => ({
      viewer_id: viewer,
      quiz_id: quiz,
      score: index % 50,
      time_taken: index % 7,
      rank: null,
      status: 'COMPLETED',
      start_date_time: '2026-01-01T10:00:00.000Z',
      client_id: clientId,
      created_at: 'x',
      updated_at: 'x',
      version: 1,
    }));
    for (let start = 0; start < total; start += 500)
      await server.db
        .insertInto('attempts')
        .values(rows.slice(start, start + 500))
        .execute();
    const ranked = await server.db
      .selectFrom('attempts')
      .select(['id', sql<number>`rank() over (order by score desc, time_taken asc)`.as('place')])
      .orderBy('id')
      .execute();
    // Every query the export runs (in or out of a transaction) is watched: none may answer more rows than a batch.
    const executors = Object.getPrototypeOf(server.db.getExecutor()) as {
      executeQuery: (...args: never[]) => Promise<{ rows: unknown[] }>;
    };
    const executeQuery = executors.executeQuery;
    let largest = 0;
    const watch = vi.spyOn(executors, 'executeQuery').mockImplementation(async function (this: unknown, ...args) {
      const result = await executeQuery.apply(this, args);
      largest = Math.max(largest, result.rows.length);
      return result;
    });
    const response = await server.app.inject({ url: '/api/v1/export-quiz-participants/', headers });
    watch.mockRestore();
    const places = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[6]));
    expect(places).toEqual(ranked.map((row) => Number(row.place)));
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(2000);
  });
});
