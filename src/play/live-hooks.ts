import { useEffect, useState } from 'react';
import { whenBackOnline } from '../lib/server-connection';
import type * as Live from '../live';
import type { LivePoll, LiveQuizCounts, LiveQuizTopTen } from '../lib/contract/live';
import { loadOnce } from '../lib/load-once';
import { playConnection } from './connection';

// The live channel (src/live, docs/decisions.md "Live quiz state" and "Play") is loaded after the first screen: Firebase is the largest part
// of the player app and the join form does not need it. One module promise per page.

type LiveModule = typeof Live;
type Unsubscribe = () => void;

/**
 * The live channel's module, loaded once; a failed load is tried again on the next ask. Once in, the channel tries
 * to connect again as soon as the server answers again after a drop (connection.ts), not at Firebase's own pace.
 */
export const loadLive: () => Promise<LiveModule> = loadOnce(() =>
  import('../live').then((live) => {
    whenBackOnline(playConnection, () => void live.reconnectLive().catch(() => undefined));
    return live;
  }),
);

/** Waits before subscribing again after the live channel failed (offline, server restarting). */
const RETRY_MS = 3_000;
/** While the server does not answer, its return triggers the next try; this is the fallback. */
const OFFLINE_RETRY_MS = 60_000;

type Start<T> = (live: LiveModule, key: string, onValue: (value: T | null) => void, onError: (error: Error) => void) => Unsubscribe;

/**
 * Follows one live node while `key` is not null: `start` subscribes with the loaded module. A failure (the page
 * opened offline, the channel's config unreachable) subscribes again as soon as the server answers again
 * (connection.ts), or after a few seconds. Returns undefined until the first value, then the node (null: no node).
 */
export function useLiveNode<T>(key: string | null, start: Start<T>): T | null | undefined {
  const [value, setValue] = useState<{ key: string | null; value: T | null | undefined }>({ key, value: undefined });
  useEffect(() => {
    if (key === null) return undefined;
    const followed = key;
    let stop: Unsubscribe | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let cancelled = false;
    const again = () => {
      if (cancelled || retry) return;
      stop?.();
      stop = null;
      retry = setTimeout(subscribe, playConnection.getState() === 'offline' ? OFFLINE_RETRY_MS : RETRY_MS);
    };
    function subscribe() {
      retry = null;
      if (cancelled) return;
      loadLive().then(
        (live) => {
          if (!cancelled) stop = start(live, followed, (node) => setValue({ key: followed, value: node }), again);
        },
        () => again(),
      );
    }
    const backOnline = whenBackOnline(playConnection, () => {
      if (!retry) return;
      clearTimeout(retry);
      subscribe();
    });
    subscribe();
    return () => {
      cancelled = true;
      backOnline();
      if (retry) clearTimeout(retry);
      stop?.();
    };
    // `start` is a module-level function at every call site; the subscription follows the key only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value.key === key ? value.value : undefined;
}

export const followQuiz: Start<Live.LiveQuiz> = (live, hash, onValue, onError) => live.subscribeQuiz(hash, onValue, onError);
export const followCounts: Start<LiveQuizCounts> = (live, hash, onValue, onError) => live.subscribeQuizCounts(hash, onValue, onError);
export const followTopTen: Start<LiveQuizTopTen> = (live, hash, onValue, onError) => live.subscribeQuizTopTen(hash, onValue, onError);
export const followPoll: Start<LivePoll> = (live, hash, onValue, onError) => live.subscribePoll(hash, onValue, onError);
