import { useEffect, useState } from 'react';
import { connectLive, subscribeConnection, subscribeQuiz, type LiveQuiz } from '../../live';
import { useSyncStatus } from '../../ui/use-sync-status';

// The live channel as List Quiz and the control screen use it: live nodes of several quizzes, whether
// updates are paused, the server's clock, and the screen kept awake. Firebase loads with the first use.

/** The live nodes of the given quizzes (by quiz_hash), kept current while they are on screen. */
export function useLiveQuizNodes(quizHashes: readonly string[]): ReadonlyMap<string, LiveQuiz> {
  const [nodes, setNodes] = useState<ReadonlyMap<string, LiveQuiz>>(new Map());
  // One subscription set per distinct list of hashes, not per render.
  const key = [...new Set(quizHashes)].sort().join(' ');
  useEffect(() => {
    const hashes = key ? key.split(' ') : [];
    const stops = hashes.map((hash) =>
      subscribeQuiz(hash, (quiz) =>
        setNodes((current) => {
          const next = new Map(current);
          if (quiz) next.set(hash, quiz);
          else next.delete(hash);
          return next;
        }),
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [key]);
  return nodes;
}

/** How long a first connection may take before the screen says live updates are paused. */
const CONNECT_GRACE_MS = 5000;

export type LiveChannelState = 'connecting' | 'connected' | 'paused';

/**
 * Whether live updates arrive: connecting at first (no alarm during the first seconds), then connected,
 * or paused when the device is offline, the channel drops or it does not connect in time.
 */
export function useLiveChannelState(): LiveChannelState {
  const { online } = useSyncStatus();
  const [connected, setConnected] = useState<boolean | null>(null);
  const [graceOver, setGraceOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), CONNECT_GRACE_MS);
    const stop = subscribeConnection(
      (value) => setConnected((current) => (value ? true : current === null ? null : false)),
      () => setConnected(false),
    );
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
  if (!online || connected === false) return 'paused';
  if (connected) return 'connected';
  return graceOver ? 'paused' : 'connecting';
}

/** Text of the live channel's state, as the screens show it. */
export const LIVE_STATE_TEXT: Record<LiveChannelState, string> = {
  connecting: 'Connecting to live updates…',
  connected: 'Live',
  paused: 'Live updates paused',
};

/**
 * Server time minus this device's clock, in ms (Firebase's /.info/serverTimeOffset), so an AUTO quiz's
 * countdown runs on the server's times even when the phone's clock is off.
 */
export function useServerTimeOffset(): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    connectLive()
      .then(({ database, sdk }) => {
        if (cancelled) return;
        stop = sdk.onValue(sdk.ref(database, '.info/serverTimeOffset'), (snapshot) => {
          const value: unknown = snapshot.val();
          setOffset(typeof value === 'number' && Number.isFinite(value) ? value : 0);
        });
      })
      // Without the channel the device's clock is the best there is; the screen says the channel is down.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return offset;
}

/** The current time, ticking every `intervalMs` while `running`. */
export function useNow(intervalMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    // The first tick at once: the time kept from before may be long past.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs, running]);
  return now;
}

export type WakeLockState = 'pending' | 'active' | 'unsupported' | 'refused';

export const WAKE_LOCK_TEXT: Record<WakeLockState, string> = {
  pending: 'Keeping the screen awake…',
  active: 'The screen stays awake while this page is open.',
  unsupported: 'This browser cannot keep the screen awake: keep it on yourself.',
  refused: 'The screen could not be kept awake: keep it on yourself.',
};

/**
 * Keeps the screen awake while mounted (Screen Wake Lock API). The browser drops the lock when the page
 * is hidden, so it is asked for again each time the page becomes visible.
 */
export function useScreenWakeLock(): WakeLockState {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeLockState>(supported ? 'pending' : 'unsupported');
  useEffect(() => {
    if (!supported) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || released) return;
      try {
        const sentinel = await navigator.wakeLock.request('screen');
        if (released) {
          await sentinel.release();
          return;
        }
        lock = sentinel;
        setState('active');
      } catch {
        setState('refused');
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release();
    };
  }, [supported]);
  return state;
}

