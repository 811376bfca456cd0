import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';
import { insertAttempt, insertQuiz, insertViewer } from './attempts.fixtures';

let server: TestServer;
let headers: { authorization: string };
let clientId: number;
let otherClientId: number;

beforeEach(async () => {
  server = await createTestServer();
  ({ headers, clientId } = await signedInTenant(server));
  ({ clientId: otherClientId } = await signedInTenant(server));
});
afterEach(async () => {
  await server.close();
});

type ViewerBody = { id: number; user_detail: { username: string }; mobile: string };
const usernames = (page: { results: ViewerBody[] }) => page.results.map((row) => row.user_detail.username);

describe('profiles/viewer/', () => {
  it('lists the caller’s viewers with user_detail and mobile, paged', async () => {
    const first = await insertViewer(server.db, server.clock, clientId, {
      username: 'ann',
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      mobile: '0700 1',
    });
    for (let index = 0; index < 11; index += 1) await insertViewer(server.db, server.clock, clientId, { username: `viewer${index}` });
    await insertViewer(server.db, server.clock, otherClientId, { username: 'stranger' });
    const page = (await server.app.inject({ url: '/api/v1/profiles/viewer/?client=999', headers })).json();
    expect(page.count).toBe(12);
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toEqual({
      id: first,
      user_detail: { username: 'ann', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test' },
      mobile: '0700 1',
    });
    const last = (await server.app.inject({ url: '/api/v1/profiles/viewer/?page=2', headers })).json();
    expect(usernames(last)).toEqual(['viewer9', 'viewer10']);
    expect((await server.app.inject({ url: '/api/v1/profiles/viewer/?page=3', headers })).statusCode).toBe(404);
    expect((await server.app.inject({ url: '/api/v1/profiles/viewer/' })).statusCode).toBe(401);
  });

  it('searches username, names, email and mobile', async () => {
    await insertViewer(server.db, server.clock, clientId, {
      username: 'ann',
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@mail.test',
      mobile: '555-0101',
    });
    await insertViewer(server.db, server.clock, clientId, {
      username: 'bob',
      first_name: 'Robert',
      last_name: 'Stone',
      email: 'bob@work.test',
      mobile: '555-0202',
    });
    await insertViewer(server.db, server.clock, otherClientId, { username: 'ann2', first_name: 'Ann' });
    const search = async (text: string) =>
      usernames((await server.app.inject({ url: `/api/v1/profiles/viewer/?search=${text}`, headers })).json());
    expect(await search('ann')).toEqual(['ann']);
    expect(await search('robert')).toEqual(['bob']);
    expect(await search('STONE')).toEqual(['bob']);
    expect(await search('work.test')).toEqual(['bob']);
    expect(await search('0101')).toEqual(['ann']);
    expect(await search('555')).toEqual(['ann', 'bob']);
    expect(await search('robert+stone')).toEqual(['bob']);
    expect(await search('')).toEqual(['ann', 'bob']);
  });

  it('?quiz= lists each viewer who attempted that quiz once; a foreign quiz lists none', async () => {
    const quiz = await insertQuiz(server.db, server.clock, clientId, 'Capitals');
    const otherQuiz = await insertQuiz(server.db, server.clock, clientId, 'Rivers');
    const ann = await insertViewer(server.db, server.clock, clientId, { username: 'ann' });
    const bob = await insertViewer(server.db, server.clock, clientId, { username: 'bob' });
    await insertViewer(server.db, server.clock, clientId, { username: 'idle' });
    await insertAttempt(server.db, server.clock, clientId, { viewerId: ann, quizId: quiz, score: 1, timeTaken: 1 });
    await insertAttempt(server.db, server.clock, clientId, { viewerId: ann, quizId: quiz, score: 2, timeTaken: 1 });
    await insertAttempt(server.db, server.clock, clientId, { viewerId: bob, quizId: otherQuiz, score: 2, timeTaken: 1 });
    const foreignQuiz = await insertQuiz(server.db, server.clock, otherClientId, 'Theirs');
    const page = (await server.app.inject({ url: `/api/v1/profiles/viewer/?quiz=${quiz}`, headers })).json();
    expect(page.count).toBe(1);
    expect(usernames(page)).toEqual(['ann']);
    expect((await server.app.inject({ url: `/api/v1/profiles/viewer/?quiz=${foreignQuiz}`, headers })).json().count).toBe(0);
    expect((await server.app.inject({ url: '/api/v1/profiles/viewer/?quiz=1x', headers })).statusCode).toBe(400);
  });

  it('answers 400 for a malformed ?quiz= and 401 without a valid token', async () => {
    const malformed = await server.app.inject({ url: '/api/v1/profiles/viewer/?quiz=first', headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ quiz: ['Select a valid choice. That choice is not one of the available choices.'] });
    expect((await server.app.inject({ url: '/api/v1/profiles/viewer/' })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/v1/profiles/viewer/', headers: { authorization: 'Token nope' } })).statusCode).toBe(401);
  });
});
