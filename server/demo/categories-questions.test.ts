import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { optionsText } from '../../src/lib/contract/question';
import { imageExtension, localUploadStore } from '../http/uploads';
import { createTestServer, login, type TestServer } from '../test/support';
import { sponsorPng } from './sponsor-image';
import { seedDemo } from './seed';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

it('draws a sponsor image that is a real PNG', async () => {
  expect(await imageExtension(sponsorPng([10, 20, 30]))).toBe('png');
});

it('seeds six categories and 42 valid questions, some with images the API serves', async () => {
  const uploads = localUploadStore(path.join(server.config.dataDir, 'uploads'));
  expect(await seedDemo(server.db, server.clock, { email: 'demo@demo.quiz', password: 'demo-pass-2026' }, uploads)).toBe(true);
  const headers = { authorization: `Token ${await login(server, 'demo@demo.quiz', 'demo-pass-2026')}`, host: 'api.test' };

  const categories = (await server.app.inject({ url: '/api/v1/category/', headers })).json();
  expect(categories.count).toBe(6);
  const questions = (await server.app.inject({ url: '/api/v1/questions/?page_size=100', headers })).json();
  expect(questions.count).toBe(42);
  for (const question of questions.results as { options: string; correct_option: string; image: string | null }[]) {
    expect(optionsText.safeParse(question.options).success, question.options).toBe(true);
    expect(['A', 'B', 'C', 'D']).toContain(question.correct_option);
  }
  const images = (questions.results as { image: string | null }[]).flatMap((question) => (question.image ? [question.image] : []));
  expect(images.length).toBeGreaterThanOrEqual(6);
  expect(new Set(images).size).toBe(images.length);
  const served = await server.app.inject({ url: new URL(images[0] ?? '').pathname });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
});
