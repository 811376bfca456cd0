import { get, onValue, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveChannel, type LiveChannel } from './live-channel';
import { viewerClient, type ViewerClient } from './live-test-support';

// The local RTDB server with database.rules.json and the patched firebase-server: firebase-admin writes
// anywhere (owner secret), clients only read under /live, get() and unsubscribe work.

let channel: LiveChannel;
let viewer: ViewerClient;

beforeAll(async () => {
  channel = await openLiveChannel({ kind: 'local', host: '127.0.0.1', port: 0, portIsDefault: false });
  viewer = viewerClient(channel.clientConfig);
});

afterAll(async () => {
  await viewer.close();
  await channel.close();
});

describe('local realtime database', () => {
  it('tells the portal where it listens', () => {
    const { emulator, databaseURL } = channel.clientConfig;
    expect(emulator?.host).toBe('127.0.0.1');
    expect(emulator?.port).toBeGreaterThan(0);
    expect(databaseURL).toBe(`http://127.0.0.1:${emulator?.port}?ns=quiz-portal`);
  });

  it('lets firebase-admin write despite the no-write rules, and a client read it under /live', async () => {
    await channel.database.ref('live/quizzes/abc').set({ status: 'STARTED', question_no: 2 });
    await expect(viewer.waitFor('live/quizzes/abc', (value) => value !== null)).resolves.toEqual({ status: 'STARTED', question_no: 2 });
  });

  it('refuses client writes under /live and elsewhere, also after an admin write on another connection', async () => {
    await channel.database.ref('live/quizzes/abc').set({ status: 'ANNOUNCED' });
    await expect(set(ref(viewer.database, 'live/quizzes/abc'), { status: 'COMPLETED' })).rejects.toThrow(/permission/i);
    await expect(set(ref(viewer.database, 'elsewhere/x'), 1)).rejects.toThrow(/permission/i);
    expect((await channel.database.ref('live/quizzes/abc').once('value')).val()).toEqual({ status: 'ANNOUNCED' });
  });

  it('refuses client reads outside /live', async () => {
    await channel.database.ref('private/secret').set('s');
    await expect(get(ref(viewer.database, 'private/secret'))).rejects.toThrow(/permission/i);
  });

  it('answers get() when nothing listens (patched)', async () => {
    await channel.database.ref('live/quizzes/get-me').set({ question_no: 3 });
    const snapshot = await get(ref(viewer.database, 'live/quizzes/get-me'));
    expect(snapshot.val()).toEqual({ question_no: 3 });
  });

  it('stops sending a node after unsubscribe and resumes on a new subscription (patched unlisten)', async () => {
    const path = 'live/quizzes/unsub';
    await channel.database.ref(path).set({ question_no: 1 });
    const seen: unknown[] = [];
    const stop = onValue(ref(viewer.database, path), (snapshot) => seen.push(snapshot.val()));
    await viewer.waitFor(path, (value) => value !== null);
    stop();
    await channel.database.ref(path).set({ question_no: 2 });
    await expect(viewer.waitFor<{ question_no: number }>(path, (value) => value?.question_no === 2)).resolves.toEqual({ question_no: 2 });
    expect(seen).toEqual([{ question_no: 1 }]);
  });
});
