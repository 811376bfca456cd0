import { expect, test } from '@playwright/test';
import { apiLogin, createTenant } from './support/fixtures';

// The live channel from a real browser page served by the real server: the page learns where the
// realtime database is from GET /api/v1/live-config/, connects to it (the RTDB websocket protocol the
// Firebase SDK speaks), receives a quiz's node as the server publishes it, and may not write it.
// The portal's own subscription (src/live) is exercised by the List Quiz and control screen tests.

interface LiveProbe {
  config: { databaseURL: string; emulator: { host: string; port: number } | null };
  node: Record<string, unknown> | null;
  writeStatus: string;
}

test('a page connects to the live channel, receives a quiz node and cannot write it', async ({ page }) => {
  const tenant = await createTenant(page.request);
  const token = await apiLogin(page.request, tenant);
  const created = await page.request.post('/api/v1/quiz/', {
    headers: { Authorization: `Token ${token}` },
    data: {
      name: 'Live e2e quiz',
      mode: 'MANUAL',
      status: 'ANNOUNCED',
      qs_timer: 20,
      before_qs_timer: 0,
      join_code: '42',
      max_attempt_count: 1,
      start_date_time: '2030-01-01T10:00:00Z',
      end_date_time: '2030-01-01T11:00:00Z',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quiz = (await created.json()) as { quiz_hash: string };

  await page.goto('/login');
  const probe = await page.evaluate(async (quizHash): Promise<LiveProbe> => {
    const config = (await (await fetch('/api/v1/live-config/')).json()) as LiveProbe['config'];
    if (!config.emulator) return { config, node: null, writeStatus: 'not the local server' };
    const socket = new WebSocket(`ws://${config.emulator.host}:${config.emulator.port}/.ws?v=5&ns=quiz-portal`);
    const answers = new Map<number, string>();
    let node: Record<string, unknown> | null = null;
    await new Promise<void>((resolve, reject) => {
      setTimeout(() => reject(new Error('no node within 5 s')), 5000);
      socket.onerror = () => reject(new Error('websocket error'));
      socket.onopen = () => socket.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: `/live/quizzes/${quizHash}`, h: '' } } }));
      socket.onmessage = (event) => {
        const text = String(event.data);
        if (/^\d+$/.test(text)) return; // frame count
        const message = JSON.parse(text) as { t: string; d: { r?: number; a?: string; b?: { d?: unknown; s?: string } } };
        if (message.d.a === 'd') node = message.d.b?.d as Record<string, unknown>;
        if (message.d.r !== undefined) answers.set(message.d.r, message.d.b?.s ?? '');
        if (answers.get(1) === 'ok' && node && !answers.has(2)) {
          socket.send(JSON.stringify({ t: 'd', d: { r: 2, a: 'p', b: { p: `/live/quizzes/${quizHash}`, d: { status: 'COMPLETED' } } } }));
        }
        if (answers.has(2)) resolve();
      };
    });
    socket.close();
    return { config, node, writeStatus: answers.get(2) ?? '' };
  }, quiz.quiz_hash);

  expect(probe.config.emulator?.host).toBe('127.0.0.1');
  expect(probe.node).toMatchObject({ status: 'ANNOUNCED', mode: 'MANUAL', question_no: 1, question_count: 0 });
  expect(probe.writeStatus).toBe('permission_denied');
});
