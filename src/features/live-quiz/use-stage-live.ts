import { useEffect, useRef, useState } from 'react';
import type { LivePoll, LiveQuizCounts, LiveQuizTopTen } from '../../lib/contract/live';
import { subscribeConnection, subscribePoll, subscribeQuizCounts, subscribeQuizTopTen, type Unsubscribe } from '../../live';
import { useOnline } from '../../store/sync';

// The stage's live nodes (src/live), kept current while it is on screen. A node is undefined until its
// first value, then the node or null (no node yet).

type Subscribe<T> = (key: string, onValue: (value: T | null) => void, onError?: (error: Error) => void) => Unsubscribe;

function useNode<T>(key: string | null, subscribe: Subscribe<T>, onValue?: (value: T | null) => void): T | null | undefined {
  const [state, setState] = useState<{ key: string | null; value: T | null | undefined }>({ key, value: undefined });
  const heard = useRef(onValue);
  useEffect(() => {
    heard.current = onValue;
  }, [onValue]);
  useEffect(() => {
    if (key === null) return undefined;
    return subscribe(key, (value) => {
      heard.current?.(value);
      setState({ key, value });
    });
  }, [key, subscribe]);
  return state.key === key ? state.value : undefined;
}

export const useQuizCounts = (hash: string | null, onValue?: (counts: LiveQuizCounts | null) => void) =>
  useNode(hash, subscribeQuizCounts, onValue);
export const useQuizTopTen = (hash: string | null) => useNode<LiveQuizTopTen>(hash, subscribeQuizTopTen);
/** A poll's votes, by the poll's link key (its live node's path, as its public link's). */
export const useLivePoll = (linkKey: string | null) => useNode<LivePoll>(linkKey, subscribePoll);

export type StageConnection = 'connecting' | 'connected' | 'reconnecting';

/**
 * Whether live updates arrive: connecting at first, then connected; once connected, any drop (the channel or
 * the device's network) is "reconnecting" until the channel is back, when Firebase sends the current values.
 */
export function useStageConnection(): StageConnection {
  const online = useOnline();
  const [connected, setConnected] = useState<boolean | null>(null);
  useEffect(
    () =>
      subscribeConnection(
        (value) => setConnected((current) => (value ? true : current === null ? null : false)),
        () => setConnected((current) => (current === null ? null : false)),
      ),
    [],
  );
  if (connected === null) return online ? 'connecting' : 'reconnecting';
  return connected && online ? 'connected' : 'reconnecting';
}
