import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveQuiz } from '../../../live';
import {
  liveNodeBatcher,
  liveNodeStore,
  useLiveNode,
  useScreenWakeLock,
  withLiveNodeChanges,
  type FlushScheduler,
  type LiveNodeChanges,
} from './use-live-channel';

// The Screen Wake Lock of the control screen: jsdom has none, so each test gives navigator one.

function fakeWakeLock(request: () => Promise<WakeLockSentinel>) {
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
}

function sentinel(release = vi.fn(async () => undefined)): WakeLockSentinel {
  // Only release() is used by the hook; the rest of the interface does not matter here.
  return { release } as unknown as WakeLockSentinel;
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('useScreenWakeLock', () => {
  it('says when the browser cannot keep the screen awake', () => {
    expect(renderHook(() => useScreenWakeLock()).result.current).toBe('unsupported');
  });

  it('keeps the screen awake, asks again when the page is visible again, and lets go on unmount', async () => {
    const release = vi.fn(async () => undefined);
    const request = vi.fn(async () => sentinel(release));
    fakeWakeLock(request);
    const { result, unmount } = renderHook(() => useScreenWakeLock());
    await waitFor(() => expect(result.current).toBe('active'));
    expect(request).toHaveBeenCalledTimes(1);
    act(() => setVisibility('hidden'));
    expect(request).toHaveBeenCalledTimes(1);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    unmount();
    await waitFor(() => expect(release).toHaveBeenCalled());
  });

  it('says so when the browser refuses', async () => {
    fakeWakeLock(() => Promise.reject(new Error('NotAllowedError')));
    const { result } = renderHook(() => useScreenWakeLock());
    await waitFor(() => expect(result.current).toBe('refused'));
  });
});

function node(question_no: number): LiveQuiz {
  return {
    status: 'STARTED',
    mode: 'MANUAL',
    question_no,
    question_count: 3,
    question_started_at: null,
    question_ends_at: null,
    updated_at: question_no,
  };
}

/** A scheduler the test flushes by hand, counting what was scheduled and called off. */
function manualScheduler() {
  const scheduled: (() => void)[] = [];
  let cancelled = 0;
  const schedule: FlushScheduler = (flush) => {
    scheduled.push(flush);
    return () => {
      cancelled += 1;
    };
  };
  const flush = (index: number) => scheduled[index]?.();
  return { schedule, scheduled, flush, cancelled: () => cancelled };
}

describe('liveNodeBatcher', () => {
  it('hands over the nodes of several quizzes together, once per flush, the latest node of each', () => {
    const applied: LiveNodeChanges[] = [];
    const frames = manualScheduler();
    const batch = liveNodeBatcher((changes) => applied.push(changes), frames.schedule);
    batch.add('a', node(1));
    batch.add('b', node(1));
    batch.add('a', node(2));
    batch.add('c', null);
    expect(frames.scheduled).toHaveLength(1);
    expect(applied).toHaveLength(0);
    frames.flush(0);
    expect(applied).toEqual([
      new Map<string, LiveQuiz | null>([
        ['a', node(2)],
        ['b', node(1)],
        ['c', null],
      ]),
    ]);
    batch.add('b', node(3));
    expect(frames.scheduled).toHaveLength(2);
    frames.flush(1);
    expect(applied[1]).toEqual(new Map([['b', node(3)]]));
  });

  it('drops what is pending when stopped', () => {
    const apply = vi.fn();
    const frames = manualScheduler();
    const batch = liveNodeBatcher(apply, frames.schedule);
    batch.add('a', node(1));
    batch.stop();
    expect(frames.cancelled()).toBe(1);
    frames.flush(0);
    expect(apply).not.toHaveBeenCalled();
  });

  it('applies changes to the nodes: a new node replaces, null removes', () => {
    const current = new Map([
      ['a', node(1)],
      ['b', node(1)],
    ]);
    const next = withLiveNodeChanges(
      current,
      new Map([
        ['a', node(2)],
        ['b', null],
        ['c', node(1)],
      ]),
    );
    expect([...next]).toEqual([
      ['a', node(2)],
      ['c', node(1)],
    ]);
    expect(current.get('b')).toEqual(node(1));
  });
});

describe('liveNodeStore and useLiveNode', () => {
  it("renders a reader again only when its own quiz's node changes", () => {
    const store = liveNodeStore<LiveQuiz>();
    const renders = { a: 0, b: 0 };
    const a = renderHook(() => {
      renders.a += 1;
      return useLiveNode(store, 'a');
    });
    const b = renderHook(() => {
      renders.b += 1;
      return useLiveNode(store, 'b');
    });
    expect(a.result.current).toBeUndefined();
    const before = { ...renders };
    act(() => store.apply(new Map([['a', node(1)]])));
    expect(a.result.current).toEqual(node(1));
    expect(renders.a).toBeGreaterThan(before.a);
    expect(renders.b).toBe(before.b);
    act(() => store.apply(new Map([['b', node(2)]])));
    expect(b.result.current).toEqual(node(2));
    expect(a.result.current).toEqual(node(1));
    // A node gone (the quiz deleted) reads as not there.
    act(() => store.apply(new Map([['a', null]])));
    expect(a.result.current).toBeUndefined();
    expect(store.get('b')).toEqual(node(2));
  });

  it('reads nothing without a quiz hash', () => {
    const store = liveNodeStore<LiveQuiz>();
    store.apply(new Map([['a', node(1)]]));
    expect(renderHook(() => useLiveNode(store, null)).result.current).toBeUndefined();
  });
});
