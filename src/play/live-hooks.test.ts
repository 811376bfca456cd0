import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { followQuiz, useLiveNode } from './live-hooks';

// The live channel as the player app follows it: a phone opened offline (the channel's config unreachable) must
// subscribe again once it is back online, or it would never hear the host's next step.

const live = vi.hoisted(() => ({
  attempts: 0,
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
vi.mock('../live', () => ({ subscribeQuiz: live.subscribeQuiz }));

describe('useLiveNode', () => {
  it('subscribes again when the phone is back online after a failed start', async () => {
    const { result, unmount } = renderHook(() => useLiveNode('h1', followQuiz));
    await waitFor(() => expect(live.attempts).toBe(1));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(live.attempts).toBe(2));
    act(() => live.listener?.({ status: 'STARTED' }));
    expect(result.current).toEqual({ status: 'STARTED' });
    unmount();
    expect(live.listener).toBeNull();
  });
});
