import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playConnection } from './connection';
import { followQuiz } from './live-hooks';
import { useLiveNode } from '../live/use-live-node';

// The live channel as the player app follows it: a phone opened offline (the channel's config unreachable) must
// subscribe again once the server answers again, or it would never hear the host's next step.

const live = vi.hoisted(() => ({
  attempts: 0,
  reconnectLive: vi.fn(async () => undefined),
  listener: null as null | ((value: unknown) => void),
  subscribeQuiz(_hash: string, onValue: (value: unknown) => void, onError?: (error: Error) => void) {
    live.attempts += 1;
    if (live.attempts === 1) {
      queueMicrotask(() => onError?.(new Error('offline')));
      return () => {};
    }
    live.listener = onValue;
    return () => {
      live.listener = null;
    };
  },
}));
// The live channel's own connection never opens here: live-presence.test.ts covers what follows it.
vi.mock('../live', () => ({
  subscribeQuiz: live.subscribeQuiz,
  reconnectLive: live.reconnectLive,
  connectLive: () => new Promise(() => undefined),
  subscribeConnection: () => () => undefined,
}));

describe('useLiveNode', () => {
  it('subscribes again as soon as the server answers again after a failed start', async () => {
    playConnection.unreachable();
    const { result, unmount } = renderHook(() => useLiveNode('h1', followQuiz));
    await waitFor(() => expect(live.attempts).toBe(1));
    // The browser's event alone proves nothing: no new try.
    act(() => void window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.attempts).toBe(1);
    act(() => playConnection.answered(200));
    await waitFor(() => expect(live.attempts).toBe(2));
    // Firebase is told to try again now too, rather than at its own growing pace.
    expect(live.reconnectLive).toHaveBeenCalledTimes(1);
    act(() => live.listener?.({ status: 'STARTED' }));
    expect(result.current).toEqual({ status: 'STARTED' });
    unmount();
    expect(live.listener).toBeNull();
  });
});
