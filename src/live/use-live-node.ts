import { useEffect, useRef, useState } from 'react';
import type { Unsubscribe } from './subscribe';

// One of the two React-aware files of live/ (with use-live-connection.ts): every screen that follows a live node
// (the control screen, the stage, the phones) shares this subscription lifecycle. List Quiz follows a page of nodes
// at once, batched (src/portal/ui/live-quiz/use-live-channel.ts), over the same subscriptions. It imports no more of
// live/ than a type, so the player app loads it with its first screen and the channel itself later.

/** Subscribes to one node by its key: calls back with it now and on each change (null: no node); returns the unsubscribe. */
export type NodeSubscribe<T> = (key: string, onNode: (node: T | null) => void) => Unsubscribe;

/**
 * Follows one live node while `key` is not null: undefined until its first value, then the node (null: no node).
 * `subscribe` is a module-level function (the same at every render); `onNode`, if given, hears each value.
 */
export function useLiveNode<T>(key: string | null, subscribe: NodeSubscribe<T>, onNode?: (node: T | null) => void): T | null | undefined {
  const [state, setState] = useState<{ key: string | null; value: T | null | undefined }>({ key, value: undefined });
  const heard = useRef(onNode);
  useEffect(() => {
    heard.current = onNode;
  }, [onNode]);
  useEffect(() => {
    if (key === null) return undefined;
    return subscribe(key, (value) => {
      heard.current?.(value);
      setState({ key, value });
    });
  }, [key, subscribe]);
  // A value of the previous key is not this node's.
  return state.key === key ? state.value : undefined;
}
