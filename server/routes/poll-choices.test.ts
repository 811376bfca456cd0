import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

let server: TestServer;
let headers: { authorization: string };
let otherHeaders: { authorization: string };
let pollId: number;
let otherPollId: number;

async function post(url: string, payload: Record<string, unknown>, as = headers) {
  const response = await server.app.inject({ method: 'POST', url, payload, headers: as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; version: number };
}

beforeEach(async () => {
  server = await createTestServer();
  headers = (await signedInTenant(server, { pollEnabled: true })).headers;
  otherHeaders = (await signedInTenant(server, { pollEnabled: true })).headers;
  pollId = (await post('/api/v1/poll-list/', { name: 'Mine', join_code: '1' })).id;
  otherPollId = (await post('/api/v1/poll-list/', { name: 'Theirs', join_code: '2' }, otherHeaders)).id;
});
afterEach(async () => {
  await server.close();
});

describe('poll-choices/', () => {
  it('creates a choice with votes defaulting to 0, reads it with an ETag, and updates it', async () => {
    const choice = await post('/api/v1/poll-choices/', { name: 'Tea', question: pollId });
    expect(choice).toMatchObject({ name: 'Tea', votes: 0, question: pollId, version: 1 });
    const read = await server.app.inject({ url: `/api/v1/poll-choices/${choice.id}/`, headers });
    expect(read.headers.etag).toBe('W/"1"');
    const updated = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-choices/${choice.id}/`,
      payload: { name: 'Green tea', votes: 7 },
      headers,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Green tea', votes: 7, question: pollId, version: 2 });
  });

  it('filters by ?question=, pages, and never lists another client’s choices', async () => {
    const secondPoll = (await post('/api/v1/poll-list/', { name: 'Second', join_code: '3' })).id;
    for (let index = 0; index < 11; index += 1)
      await post('/api/v1/poll-choices/', { name: `Choice ${index}`, question: pollId, votes: index });
    await post('/api/v1/poll-choices/', { name: 'Other poll', question: secondPoll });
    await post('/api/v1/poll-choices/', { name: 'Foreign', question: otherPollId }, otherHeaders);
    const all = (await server.app.inject({ url: '/api/v1/poll-choices/', headers })).json();
    expect(all.count).toBe(12);
    const filtered = (await server.app.inject({ url: `/api/v1/poll-choices/?question=${pollId}`, headers })).json();
    expect(filtered.count).toBe(11);
    expect(filtered.results).toHaveLength(10);
    const page2 = (await server.app.inject({ url: `/api/v1/poll-choices/?question=${pollId}&page=2`, headers })).json();
    expect(page2.results.map((row: { name: string }) => row.name)).toEqual(['Choice 10']);
    expect((await server.app.inject({ url: `/api/v1/poll-choices/?question=${otherPollId}`, headers })).json().count).toBe(0);
    expect((await server.app.inject({ url: '/api/v1/poll-choices/?question=abc', headers })).statusCode).toBe(400);
  });

  it('refuses bad input and a poll of another client, writing nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'], question: ['This field is required.'] }],
      [{ name: '', question: pollId }, { name: ['This field may not be blank.'] }],
      [{ name: 'A', question: pollId, votes: -1 }, { votes: ['Ensure this value is greater than or equal to 0.'] }],
      [{ name: 'A', question: pollId, votes: 1.5 }, { votes: ['A valid number is required.'] }],
      [{ name: 'A', question: pollId, votes: 'many' }, { votes: ['A valid number is required.'] }],
      [{ name: 'A', question: 'first' }, { question: ['A valid number is required.'] }],
      [{ name: 'A', question: otherPollId }, { question: [`Invalid pk "${otherPollId}" - object does not exist.`] }],
      [{ name: 'A', question: 99999 }, { question: ['Invalid pk "99999" - object does not exist.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/poll-choices/', payload, headers });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const big = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-choices/',
      payload: { name: 'x'.repeat(1024 * 1024), question: pollId },
      headers,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'The request is too large: the limit is 64 KB.' });
    expect(await server.db.selectFrom('poll_choices').select('id').execute()).toEqual([]);
    const choice = await post('/api/v1/poll-choices/', { name: 'Tea', question: pollId });
    const moved = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-choices/${choice.id}/`,
      payload: { question: otherPollId },
      headers,
    });
    expect(moved.statusCode).toBe(400);
    expect(await server.db.selectFrom('poll_choices').select('poll_id').execute()).toEqual([{ poll_id: pollId }]);
  });

  it('answers 404 for unknown and foreign ids', async () => {
    const theirs = await post('/api/v1/poll-choices/', { name: 'Foreign', question: otherPollId }, otherHeaders);
    for (const url of [`/api/v1/poll-choices/${theirs.id}/`, '/api/v1/poll-choices/424242/']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await server.app.inject({ method, url, payload: method === 'PATCH' ? { name: 'x' } : undefined, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });

  it('replays a create with the same Idempotency-Key and answers 412 on a stale If-Match', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/v1/poll-choices/',
      payload: { name: 'Once', question: pollId },
      headers: { ...headers, 'idempotency-key': 'choice-1' },
    };
    const first = await server.app.inject(request);
    expect((await server.app.inject(request)).json()).toEqual(first.json());
    expect((await server.db.selectFrom('poll_choices').select('id').execute()).length).toBe(1);
    const id = first.json().id;
    await server.app.inject({ method: 'PATCH', url: `/api/v1/poll-choices/${id}/`, payload: { votes: 3 }, headers });
    const stale = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-choices/${id}/`,
      payload: { votes: 9 },
      headers: { ...headers, 'if-match': 'W/"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ id, votes: 3, version: 2 });
  });

  it('deletes a choice and reports it, with changes, in updated_after pulls', async () => {
    const gone = await post('/api/v1/poll-choices/', { name: 'Gone', question: pollId });
    const kept = await post('/api/v1/poll-choices/', { name: 'Kept', question: pollId });
    server.clock.advance(1000);
    const since = server.clock.now().toISOString();
    await server.app.inject({ method: 'PATCH', url: `/api/v1/poll-choices/${kept.id}/`, payload: { votes: 1 }, headers });
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v1/poll-choices/${gone.id}/`, headers })).statusCode).toBe(204);
    const pull = (await server.app.inject({ url: `/api/v1/poll-choices/?updated_after=${encodeURIComponent(since)}`, headers })).json();
    expect(pull.results.map((row: { id: number }) => row.id)).toEqual([kept.id]);
    expect(pull.deleted).toEqual([gone.id]);
    const poll = (await server.app.inject({ url: `/api/v1/poll-list/${pollId}/`, headers })).json();
    expect(poll.options.map((row: { name: string }) => row.name)).toEqual(['Kept']);
  });
});
