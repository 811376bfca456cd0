import { get, onValue, ref, remove, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NODE_PATHS, LIVE_QUIZZES_PATH } from '../../src/lib/contract/live';
import { openLiveChannel, type LiveChannel } from './live-channel';
import { viewerClient, type ViewerClient } from './live-test-support';

// The local RTDB server with database.rules.json and the patched firebase-server: firebase-admin writes
// anywhere (owner secret); a client reads each node of the live contract (src/lib/contract/live.ts) it
// knows the path of, writes none, and cannot list a subtree to learn every quiz's and poll's hash;
// get() and unsubscribe work.

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

const denied = /permission/i;

describe('local realtime database', () => {
  it('tells the portal where it listens', () => {
    const { emulator, databaseURL } = channel.clientConfig;
    expect(emulator?.host).toBe('127.0.0.1');
    expect(emulator?.port).toBeGreaterThan(0);
    expect(databaseURL).toBe(`http://127.0.0.1:${emulator?.port}?ns=quiz-portal`);
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

describe.each(LIVE_NODE_PATHS.map((pathOf) => [pathOf('h4sh'), pathOf]))('the live node %s', (path, pathOf) => {
  it('is readable by a client once firebase-admin wrote it, despite the no-write rules', async () => {
    await channel.database.ref(path).set({ written: 'by the server' });
    await expect(viewer.waitFor(path, (value) => value !== null)).resolves.toEqual({ written: 'by the server' });
  });

  it('is not writable by a client, also after an admin write on another connection', async () => {
    await channel.database.ref(path).set({ written: 'by the server' });
    await expect(set(ref(viewer.database, path), { written: 'by a client' })).rejects.toThrow(denied);
    await expect(update(ref(viewer.database, path), { written: 'by a client' })).rejects.toThrow(denied);
    await expect(remove(ref(viewer.database, path))).rejects.toThrow(denied);
    await expect(set(ref(viewer.database, pathOf('new-hash')), { written: 'by a client' })).rejects.toThrow(denied);
    expect((await channel.database.ref(path).once('value')).val()).toEqual({ written: 'by the server' });
  });

  it('cannot be listed with its siblings', async () => {
    await expect(get(ref(viewer.database, path.slice(0, path.lastIndexOf('/'))))).rejects.toThrow(denied);
  });
});

describe('outside the live nodes', () => {
  it('a client reads nothing: not the live root, not another subtree', async () => {
    await channel.database.ref('live/other/h4sh').set(1);
    await channel.database.ref('private/secret').set('s');
    await expect(get(ref(viewer.database, 'live'))).rejects.toThrow(denied);
    await expect(get(ref(viewer.database, 'live/other/h4sh'))).rejects.toThrow(denied);
    await expect(get(ref(viewer.database, 'private/secret'))).rejects.toThrow(denied);
  });

  it('a client writes nothing', async () => {
    await expect(set(ref(viewer.database, 'elsewhere/x'), 1)).rejects.toThrow(denied);
    await expect(set(ref(viewer.database, 'live/other/h4sh'), 2)).rejects.toThrow(denied);
  });

  it('firebase-admin republishes the quiz subtree whole', async () => {
    await channel.database.ref(LIVE_QUIZZES_PATH).set({ a: { question_no: 1 }, b: { question_no: 2 } });
    expect((await get(ref(viewer.database, `${LIVE_QUIZZES_PATH}/b`))).val()).toEqual({ question_no: 2 });
  });
});
