import { whenBackOnline } from '../lib/server-connection';
import type * as Live from '../live';
import type { NodeSubscribe } from '../live/use-live-node';
import type { LivePoll, LiveQuizCounts, LiveQuizTopTen } from '../lib/contract/live';
import { loadOnce } from '../lib/load-once';
import { playConnection } from './connection';
import { livePresence } from './live-presence';

// The live channel (src/live, docs/decisions.md "Live quiz state" and "Play") is loaded after the first screen: Firebase is the largest part
// of the player app and the join form does not need it. One module promise per page.

type LiveModule = typeof Live;
type Unsubscribe = () => void;

/**
 * The live channel's module, loaded once; a failed load is tried again on the next ask. Once in, the channel tries
 * to connect again as soon as the server answers again after a drop (connection.ts), not at Firebase's own pace,
 * and its connected flag stands in for health probes when this server serves it (live-presence.ts).
 */
export const loadLive: () => Promise<LiveModule> = loadOnce(() =>
  import('../live').then((live) => {
    whenBackOnline(playConnection, () => void live.reconnectLive().catch(() => undefined));
    livePresence.follow(live, window.location, playConnection);
    return live;
  }),
);

/** Waits before subscribing again after the live channel failed (offline, server restarting). */
const RETRY_MS = 3_000;
/** While the server does not answer, its return triggers the next try; this is the fallback. */
const OFFLINE_RETRY_MS = 60_000;

type Start<T> = (live: LiveModule, key: string, onValue: (value: T | null) => void, onError: (error: Error) => void) => Unsubscribe;

/**
 * A subscription of the player app (for `useLiveNode`, src/live/use-live-node.ts): `start` subscribes with the loaded module.
 * A failure (the page opened offline, the channel's config unreachable) subscribes again as soon as the server
 * answers again (connection.ts), or after a few seconds.
 */
function retrying<T>(start: Start<T>): NodeSubscribe<T> {
  return (key, onNode) => {
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
          if (!cancelled) stop = start(live, key, onNode, again);
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
  };
}

export const followQuiz = retrying<Live.LiveQuiz>((live, hash, onValue, onError) => live.subscribeQuiz(hash, onValue, onError));
export const followCounts = retrying<LiveQuizCounts>((live, hash, onValue, onError) => live.subscribeQuizCounts(hash, onValue, onError));
export const followTopTen = retrying<LiveQuizTopTen>((live, hash, onValue, onError) => live.subscribeQuizTopTen(hash, onValue, onError));
export const followPoll = retrying<LivePoll>((live, hash, onValue, onError) => live.subscribePoll(hash, onValue, onError));
