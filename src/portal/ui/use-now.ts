import { useEffect, useState } from 'react';

/** The device's clock now, ticking every `intervalMs` while `running`: countdowns on the control screen and the stage. */
export function useNow(intervalMs: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
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
