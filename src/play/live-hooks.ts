import { useEffect, useState } from 'react';
import type * as Live from '../live';
import type { LivePoll, LiveQuizCounts, LiveQuizTopTen } from '../lib/contract/live';

// The live channel (src/live, decisions §4/§6) is loaded after the first screen: Firebase is the largest part
// of the player app and the join form does not need it. One module promise per page.

type LiveModule = typeof Live;
type Unsubscribe = () => void;

let loading: Promise<LiveModule> | null = null;

export function loadLive(): Promise<LiveModule> {
  loading ??= import('../live').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Follows one live node while `key` is not null: `start` subscribes with the loaded module and gets the setter.
 * Returns undefined until the first value, then the node (null: no node).
 */
export function useLiveNode<T>(
  key: string | null,
  start: (live: LiveModule, key: string, onValue: (value: T | null) => void) => Unsubscribe,
): T | null | undefined {
  const [value, setValue] = useState<{ key: string | null; value: T | null | undefined }>({ key, value: undefined });
  useEffect(() => {
    if (key === null) return undefined;
    let stop: Unsubscribe | null = null;
    let cancelled = false;
    loadLive().then(
      (live) => {
        if (!cancelled) stop = start(live, key, (node) => setValue({ key, value: node }));
      },
      () => {
        // No live channel (offline): the screens still follow the play state the phone reads itself.
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
    // `start` is a module-level function at every call site; the subscription follows the key only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value.key === key ? value.value : undefined;
}

export const followQuiz = (live: LiveModule, hash: string, onValue: (node: Live.LiveQuiz | null) => void) =>
  live.subscribeQuiz(hash, onValue);
export const followCounts = (live: LiveModule, hash: string, onValue: (node: LiveQuizCounts | null) => void) =>
  live.subscribeQuizCounts(hash, onValue);
export const followTopTen = (live: LiveModule, hash: string, onValue: (node: LiveQuizTopTen | null) => void) =>
  live.subscribeQuizTopTen(hash, onValue);
export const followPoll = (live: LiveModule, hash: string, onValue: (node: LivePoll | null) => void) => live.subscribePoll(hash, onValue);

/** Whether the phone has a network (the browser's word), kept current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}
