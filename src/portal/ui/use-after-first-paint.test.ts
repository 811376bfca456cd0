import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('turns true in a task after the frame that follows the first one, not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const { result } = renderHook(() => useAfterFirstPaint());
      expect(result.current).toBe(false);
      act(() => vi.advanceTimersToNextFrame());
      expect(result.current).toBe(false);
      act(() => vi.advanceTimersToNextFrame());
      expect(result.current).toBe(false);
      // The fake clock runs a zero-delay timer set from a frame callback 1 ms later.
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('afterFirstPaint', () => {
  it('calls back once, after the first frame, and not at all when cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const done = vi.fn();
      afterFirstPaint(done);
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(2000);
      expect(done).toHaveBeenCalledTimes(1);

      const cancelled = vi.fn();
      afterFirstPaint(cancelled)();
      vi.advanceTimersByTime(2000);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not wait for frames that never come (a hidden tab)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const done = vi.fn();
      afterFirstPaint(done);
      vi.advanceTimersByTime(1000);
      expect(done).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
