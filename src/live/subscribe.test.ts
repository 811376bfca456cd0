import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { livePollPath, liveQuizCountsPath, liveQuizPath, liveQuizTopTenPath, type StoredLiveQuiz } from '../lib/contract/live';

// The Firebase SDK and the live-config call are replaced: these tests check what the portal does with
// them (emulator wiring, websockets, parsing, unsubscribe before and after connecting). The real SDK
// against the local server is covered by server/live/*.test.ts and the e2e test.

const sdk = vi.hoisted(() => {
  type Listener = (snapshot: { val(): unknown }) => void;
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    emit(path: string, value: unknown) {
      for (const listener of listeners.get(path) ?? []) listener({ val: () => value });
    },
    forceWebSockets: vi.fn(),
    getDatabase: vi.fn(() => ({ kind: 'database' })),
    connectDatabaseEmulator: vi.fn(),
    ref: vi.fn((_database: unknown, path: string) => path),
    onValue: vi.fn((path: string, listener: Listener) => {
      const set = listeners.get(path) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(path, set);
      return () => set.delete(listener);
    }),
  };
});
const initializeApp = vi.hoisted(() => vi.fn(() => ({ kind: 'app' })));
const fetchLiveConfig = vi.hoisted(() => vi.fn());

vi.mock('firebase/database', () => sdk);
vi.mock('firebase/app', () => ({ initializeApp }));
vi.mock('./live-config', () => ({ fetchLiveConfig }));

const LOCAL = { databaseURL: 'http://127.0.0.1:9100?ns=quiz-portal', emulator: { host: '127.0.0.1', port: 9100 }, firebase: {} };
const NODE = { status: 'STARTED', mode: 'MANUAL', question_no: 3, question_count: 4, updated_at: 7 } satisfies StoredLiveQuiz;

async function freshModule() {
  vi.resetModules();
  return import('./index');
}

beforeEach(() => {
  sdk.listeners.clear();
  vi.clearAllMocks();
  fetchLiveConfig.mockResolvedValue(LOCAL);
});

describe('connectLive', () => {
  it('connects to the local server the server names, over websockets, once per page', async () => {
    const live = await freshModule();
    const [first, second] = await Promise.all([live.connectLive(), live.connectLive()]);
    expect(first).toBe(second);
    expect(fetchLiveConfig).toHaveBeenCalledTimes(1);
    expect(sdk.forceWebSockets).toHaveBeenCalled();
    expect(initializeApp).toHaveBeenCalledWith({ databaseURL: LOCAL.databaseURL }, 'quiz-portal-live');
    expect(sdk.connectDatabaseEmulator).toHaveBeenCalledWith({ kind: 'database' }, '127.0.0.1', 9100);
  });

  it('uses a real project without the emulator, and tries again after a failed attempt', async () => {
    const live = await freshModule();
    fetchLiveConfig.mockRejectedValueOnce(new Error('offline'));
    await expect(live.connectLive()).rejects.toThrow('offline');
    fetchLiveConfig.mockResolvedValueOnce({
      databaseURL: 'https://p.firebaseio.com',
      emulator: null,
      firebase: { apiKey: 'k', projectId: 'p' },
    });
    await live.connectLive();
    expect(initializeApp).toHaveBeenCalledWith(
      { apiKey: 'k', projectId: 'p', databaseURL: 'https://p.firebaseio.com' },
      'quiz-portal-live',
    );
    expect(sdk.connectDatabaseEmulator).not.toHaveBeenCalled();
  });
});

describe('subscribeQuiz', () => {
  it('delivers the parsed node and its changes, and stops on unsubscribe', async () => {
    const live = await freshModule();
    const seen: unknown[] = [];
    const stop = live.subscribeQuiz('abc', (quiz) => seen.push(quiz));
    await waitFor(() => expect(sdk.listeners.get(liveQuizPath('abc'))?.size).toBe(1));
    sdk.emit(liveQuizPath('abc'), NODE);
    sdk.emit(liveQuizPath('abc'), null);
    stop();
    sdk.emit(liveQuizPath('abc'), NODE);
    expect(seen).toEqual([{ ...NODE, question_started_at: null, question_ends_at: null }, null]);
  });

  it('starts the listens one per task, oldest first: many subscriptions make no long task', async () => {
    const live = await freshModule();
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    const paths = ['a', 'b', 'c'].map((hash) => {
      live.subscribeQuiz(hash, () => undefined);
      return liveQuizPath(hash);
    });
    await live.connectLive();
    expect(sdk.onValue).not.toHaveBeenCalled();
    for (const [index, path] of paths.entries()) {
      await nextTask();
      expect(sdk.onValue).toHaveBeenCalledTimes(index + 1);
      expect(sdk.onValue).toHaveBeenLastCalledWith(path, expect.any(Function), undefined);
    }
  });

  it('never listens when unsubscribed before the connection opened', async () => {
    const live = await freshModule();
    const onQuiz = vi.fn();
    live.subscribeQuiz('abc', onQuiz)();
    await live.connectLive();
    expect(sdk.onValue).not.toHaveBeenCalled();
  });

  it('reports a failed connection', async () => {
    const live = await freshModule();
    fetchLiveConfig.mockRejectedValueOnce(new Error('down'));
    const onError = vi.fn();
    live.subscribeQuiz('abc', vi.fn(), onError);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('down')));
  });
});

describe("the participants' nodes", () => {
  it('reads counts, top ten and poll votes with their schemas; no node or a malformed one is null', async () => {
    const live = await freshModule();
    const counts: unknown[] = [];
    const topTen: unknown[] = [];
    const polls: unknown[] = [];
    live.subscribeQuizCounts('abc', (node) => counts.push(node));
    live.subscribeQuizTopTen('abc', (node) => topTen.push(node));
    live.subscribePoll('p1', (node) => polls.push(node));
    await waitFor(() => expect(sdk.listeners.get(livePollPath('p1'))?.size).toBe(1));
    sdk.emit(liveQuizCountsPath('abc'), { joined: 3, question_no: 1 });
    sdk.emit(liveQuizCountsPath('abc'), { joined: -1, question_no: 1 });
    sdk.emit(liveQuizTopTenPath('abc'), null);
    sdk.emit(livePollPath('p1'), { votes: { '12': 4 } });
    expect(counts).toEqual([expect.objectContaining({ joined: 3, question_no: 1, chosen: {} }), null]);
    expect(topTen).toEqual([null]);
    expect(polls).toEqual([expect.objectContaining({ votes: { '12': 4 } })]);
  });
});

describe('hooks', () => {
  it('useLiveNode follows the quiz and useLiveConnected the connection', async () => {
    await freshModule();
    const { subscribeQuiz } = await import('./subscribe');
    const { useLiveNode } = await import('./use-live-node');
    const { useLiveConnected } = await import('./use-live-connection');
    const quiz = renderHook(() => useLiveNode('abc', subscribeQuiz));
    const connection = renderHook(() => useLiveConnected(true, false));
    expect(quiz.result.current).toBeUndefined();
    expect(connection.result.current).toBeNull();
    await waitFor(() => expect(sdk.listeners.get('.info/connected')?.size).toBe(1));
    act(() => sdk.emit(liveQuizPath('abc'), NODE));
    act(() => sdk.emit('.info/connected', true));
    expect(quiz.result.current).toMatchObject({ question_no: 3 });
    expect(connection.result.current).toBe(true);
    act(() => sdk.emit('.info/connected', false));
    expect(connection.result.current).toBe(false);
    quiz.unmount();
    expect(sdk.listeners.get(liveQuizPath('abc'))?.size).toBe(0);
  });
});

describe('useLiveNode', () => {
  it('is undefined until the first value, then follows the counts node (null: no node), and unsubscribes on unmount', async () => {
    await freshModule();
    const { subscribeQuizCounts } = await import('./subscribe');
    const { useLiveNode } = await import('./use-live-node');
    const counts = renderHook(() => useLiveNode('abc', subscribeQuizCounts));
    expect(counts.result.current).toBeUndefined();
    await waitFor(() => expect(sdk.listeners.get(liveQuizCountsPath('abc'))?.size).toBe(1));
    act(() => sdk.emit(liveQuizCountsPath('abc'), null));
    expect(counts.result.current).toBeNull();
    act(() => sdk.emit(liveQuizCountsPath('abc'), { joined: 4, question_no: 2, answered: 3 }));
    expect(counts.result.current).toMatchObject({ joined: 4, answered: 3, question_no: 2 });
    counts.unmount();
    expect(sdk.listeners.get(liveQuizCountsPath('abc'))?.size).toBe(0);
  });

  it('subscribes to nothing without a key', async () => {
    await freshModule();
    const subscribe = vi.fn(() => () => undefined);
    const { useLiveNode } = await import('./use-live-node');
    const counts = renderHook(() => useLiveNode(null, subscribe));
    expect(counts.result.current).toBeUndefined();
    expect(subscribe).not.toHaveBeenCalled();
  });
});
