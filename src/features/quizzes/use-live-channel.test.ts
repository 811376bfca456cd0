import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScreenWakeLock } from './use-live-channel';

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
