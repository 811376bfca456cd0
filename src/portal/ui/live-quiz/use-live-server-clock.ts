import { useEffect, useState } from 'react';
import { connectLive, LiveServerClock, type Unsubscribe } from '../../../live';

/**
 * The server's clock for a screen that follows the live channel: Firebase's server time offset, which the
 * screen may raise with the `sent_at` of the nodes it hears (LiveServerClock.sample). The clock object stays
 * the same; a screen reads it when it renders (its countdown re-renders it every tick).
 */
export function useLiveServerClock(): LiveServerClock {
  const [clock] = useState(() => new LiveServerClock());
  useEffect(() => {
    let stop: Unsubscribe | null = null;
    let cancelled = false;
    connectLive()
      .then(({ database, sdk }) => {
        if (cancelled) return;
        stop = sdk.onValue(sdk.ref(database, '.info/serverTimeOffset'), (snapshot) => {
          const value: unknown = snapshot.val();
          if (typeof value === 'number') clock.setBaseOffset(value);
        });
      })
      // Without the channel the screen says it is reconnecting; the device's clock stands meanwhile.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [clock]);
  return clock;
}
