import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { created } from '../db/rows';
import type { signedInTenant, TestServer } from '../test/support';

// Server test helpers for Play: a tenant with questions, a quiz made through the portal's API, players
// joining through the player's API, and the host's steps.

export type Json = Record<string, unknown>;
export type SignedIn = Awaited<ReturnType<typeof signedInTenant>>;

export const CORRECT = ['A', 'B', 'C', 'D', 'A'] as const;

export async function questionsOf(server: TestServer, clientId: number, count = 3): Promise<number[]> {
  const category = await server.db
    .insertInto('categories')
    .values({ name: `Play ${clientId}-${Math.random().toString(36).slice(2, 8)}`, ...created(server.clock, clientId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await server.db
      .insertInto('questions')
      .values({
        category_id: category.id,
        description: `Secret question number ${i + 1} of client ${clientId}`,
        hint: `hint ${i + 1}`,
        options: 'A: alpha, B: bravo, C: charlie, D: delta',
        correct_option: CORRECT[i % CORRECT.length] as string,
        ...created(server.clock, clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export const quizPayload = (questions: number[], overrides: Json = {}): Json => ({
  name: 'Play quiz',
  mode: 'MANUAL',
  qs_timer: 20,
  before_qs_timer: 5,
  join_code: '1234',
  max_attempt_count: 2,
  show_options: true,
  start_date_time: '2026-01-01T08:00:00Z',
  end_date_time: '2026-01-01T12:00:00Z',
  questions,
  ...overrides,
});

export interface PlayQuizSetup {
  id: number;
  hash: string;
  questions: number[];
}

export async function createPlayQuiz(server: TestServer, admin: SignedIn, overrides: Json = {}, questionCount = 3): Promise<PlayQuizSetup> {
  const questions = await questionsOf(server, admin.clientId, questionCount);
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/quiz/',
    payload: quizPayload(questions, overrides),
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  const quiz = response.json() as { id: number; quiz_hash: string };
  return { id: quiz.id, hash: quiz.quiz_hash, questions };
}

/** The host's PATCH (status, question_no...). */
export async function hostSets(server: TestServer, admin: SignedIn, quizId: number, patch: Json): Promise<void> {
  const response = await server.app.inject({ method: 'PATCH', url: `/api/v1/quiz/${quizId}/`, payload: patch, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
}

let playerCounter = 0;

export function playerForm(overrides: Json = {}): Json {
  playerCounter += 1;
  return {
    join_code: '1234',
    first_name: `Player${playerCounter}`,
    last_name: 'Tester',
    email: `player${playerCounter}@example.test`,
    mobile: '+44 7700 900123',
    ...overrides,
  };
}

/** A join; `device`: the cookie an earlier join from the same phone was given (deviceCookieOf). */
export function joinQuiz(
  server: TestServer,
  hash: string,
  form: Json = playerForm(),
  ip = '10.1.2.3',
  device?: string,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/play/quizzes/${hash}/join`,
    payload: form,
    remoteAddress: ip,
    headers: device ? { cookie: device } : {},
  });
}

/** The `name=value` of the device cookie a join answered with, as the phone's browser sends it back. */
export function deviceCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header[0] : header)?.split(';')[0];
  expect(cookie, 'a device cookie').toMatch(/^play_(quiz|poll)_[A-Za-z0-9_-]+=[0-9a-f]+$/);
  return cookie as string;
}

export async function joined(
  server: TestServer,
  hash: string,
  form: Json = playerForm(),
): Promise<{ token: string; headers: { authorization: string } }> {
  const response = await joinQuiz(server, hash, form);
  expect(response.statusCode, response.body).toBe(201);
  const { token } = response.json() as { token: string };
  return { token, headers: { authorization: `Participant ${token}` } };
}

export function stateOf(server: TestServer, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'GET', url: '/api/v1/play/attempt/', headers });
}

export function answer(
  server: TestServer,
  headers: Record<string, string>,
  payload: { question: number; chosen_option: string; chosen_at: number },
  key?: string,
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/play/attempt/answers',
    payload,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
  });
}
