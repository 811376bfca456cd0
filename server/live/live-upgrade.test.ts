import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedLiveChannel, type EmbeddedLiveChannel } from './embedded-live-channel';
import { openLiveChannel, type LiveChannel, type LiveClientConfig } from './live-channel';
import { liveConfigRoutes } from './live-config-route';
import { acceptLiveUpgrades } from './live-upgrade';
import { viewerClient } from './live-test-support';

// The embedded live channel runs in a child process and phones reach it through the API's own port: the
// API server hands the websocket upgrade at /.ws to the child, and GET /api/v1/live-config/ names the address
// the page used (or PUBLIC_URL's). A Firebase client pointed at the API's port receives what firebase-admin
// publishes; closing the API server drops the phones' sockets first, and the child stops with the channel.

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function apiServer(channel: EmbeddedLiveChannel, publicUrl: string | null = null): Promise<{ app: FastifyInstance; port: number }> {
  const app = Fastify();
  await app.register(liveConfigRoutes, {
    clientConfig: { databaseURL: channel.databaseURL, emulator: { host: channel.host, port: channel.port }, firebase: {} },
    throughApiPort: true,
    publicUrl,
    fallbackUrl: 'http://portal.example.test:3000',
  });
  acceptLiveUpgrades(app, channel);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

describe('the embedded live channel through the API port', () => {
  let channel: LiveChannel;
  let embedded: EmbeddedLiveChannel;
  let api: { app: FastifyInstance; port: number };

  beforeAll(async () => {
    channel = await openLiveChannel({ kind: 'local', host: '127.0.0.1', port: 0, portIsDefault: false });
    if (!channel.embedded) throw new Error('the local channel is the embedded one');
    embedded = channel.embedded as EmbeddedLiveChannel;
    api = await apiServer(embedded);
  });

  afterAll(async () => {
    await api.app.close();
    await channel.close();
  });

  it('tells the page to connect to the host and port it used', async () => {
    const answer = await fetch(`http://127.0.0.1:${api.port}/api/v1/live-config/`);
    expect(await answer.json()).toEqual({
      databaseURL: `http://127.0.0.1:${api.port}?ns=quiz-portal`,
      emulator: { host: '127.0.0.1', port: api.port },
      firebase: {},
    });
    const named = await api.app.inject({ url: '/api/v1/live-config/', headers: { host: 'quiz.lan:8080' } });
    expect(named.json<LiveClientConfig>().emulator).toEqual({ host: 'quiz.lan', port: 8080 });
    const defaultPort = await api.app.inject({ url: '/api/v1/live-config/', headers: { host: '192.168.1.20' } });
    expect(defaultPort.json<LiveClientConfig>().emulator).toEqual({ host: '192.168.1.20', port: 80 });
  });

  it("delivers a published node to a Firebase client connected to the API's port", async () => {
    const config = (await (await fetch(`http://127.0.0.1:${api.port}/api/v1/live-config/`)).json()) as LiveClientConfig;
    const viewer = viewerClient(config);
    try {
      await channel.database.ref('live/quizzes/through-api').set({ question_no: 2 });
      await expect(
        viewer.waitFor<{ question_no: number }>('live/quizzes/through-api', (value) => value?.question_no === 2),
      ).resolves.toEqual({
        question_no: 2,
      });
      await channel.database.ref('live/quizzes/through-api').update({ question_no: 3 });
      await expect(
        viewer.waitFor<{ question_no: number }>('live/quizzes/through-api', (value) => value?.question_no === 3),
      ).resolves.toEqual({
        question_no: 3,
      });
    } finally {
      await viewer.close();
    }
  });

  it('refuses other upgrades on the API port', async () => {
    const refused = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${api.port}/elsewhere`);
      socket.onerror = () => resolve('refused');
      socket.onopen = () => resolve('opened');
    });
    expect(refused).toBe('refused');
  });
});

describe('PUBLIC_URL', () => {
  it("names PUBLIC_URL's host and port whatever the request's Host", async () => {
    const channel = await startEmbeddedLiveChannel({ port: 0 });
    const api = await apiServer(channel, 'http://192.168.1.20:3000');
    try {
      const answer = await api.app.inject({ url: '/api/v1/live-config/', headers: { host: '127.0.0.1' } });
      expect(answer.json()).toEqual({
        databaseURL: 'http://192.168.1.20:3000?ns=quiz-portal',
        emulator: { host: '192.168.1.20', port: 3000 },
        firebase: {},
      });
    } finally {
      await api.app.close();
      await channel.close();
    }
  });
});

describe('shutdown', () => {
  it('closes the API server while a phone is connected, and the child process stops with the channel', async () => {
    const channel = await openLiveChannel({ kind: 'local', host: '127.0.0.1', port: 0, portIsDefault: false });
    const embedded = channel.embedded as EmbeddedLiveChannel;
    const api = await apiServer(embedded);
    const config = (await (await fetch(`http://127.0.0.1:${api.port}/api/v1/live-config/`)).json()) as LiveClientConfig;
    const viewer = viewerClient(config);
    await channel.database.ref('live/quizzes/shutdown').set({ question_no: 1 });
    await viewer.waitFor('live/quizzes/shutdown', (value) => value !== null);

    expect(isRunning(embedded.pid)).toBe(true);
    await api.app.close();
    await channel.close();
    expect(isRunning(embedded.pid)).toBe(false);
    await viewer.close();
  });
});
