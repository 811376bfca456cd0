import { useEffect, useState } from 'react';
import { subscribeConnection } from './subscribe';

// The other React-aware file of live/ (with use-live-node.ts): every screen that says whether live updates arrive
// says it in this one connection state.

/** Whether live updates arrive, as the screens say it: connecting at first, then connected, or paused. */
export type LiveConnectionState = 'connecting' | 'connected' | 'paused';

/**
 * Whether the live channel is connected: null until it is first heard of, then true or false. A channel that
 * fails to open at all (its settings unreachable) reads as `whenFailed` until it has been connected once; after
 * that, as not connected. Nothing is opened until `enabled`.
 */
export function useLiveConnected(enabled: boolean, whenFailed: false | null): boolean | null {
  const [connected, setConnected] = useState<boolean | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeConnection(
      (value) => setConnected((current) => (value ? true : current === null ? null : false)),
      () => setConnected((current) => (current === null ? whenFailed : false)),
    );
  }, [enabled, whenFailed]);
  return connected;
}
