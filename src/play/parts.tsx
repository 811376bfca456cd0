import { useEffect, useState, type ReactNode } from 'react';
import type { PlayBranding } from '../lib/contract/play';
import { serverClock } from './clock';
import { secondsLeft } from '../lib/countdown';

/** The server's clock, ticking while `active` (countdowns); one value otherwise. */
export function useServerNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => serverClock.serverNow());
  useEffect(() => {
    if (!active) return undefined;
    const tick = () => setNow(serverClock.serverNow());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active, everyMs]);
  return now;
}

/** Most a hidden tab (no frames drawn) waits before `useAfterPaint` says true anyway. */
const PAINT_WAIT_MS = 500;

/**
 * False until `ready` is true and the browser has drawn the frame that shows it (the task after the next
 * animation frame), then true for good: for work that must not delay the screen the phone is about to show. A tab
 * that draws no frames (hidden) goes ahead after PAINT_WAIT_MS.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    let after: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      after = setTimeout(() => setPainted(true), 0);
    });
    const fallback = setTimeout(() => setPainted(true), PAINT_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(after);
      clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}

export function Countdown({ until, now, label }: { until: number; now: number; label: string }) {
  const seconds = secondsLeft(until, now);
  return (
    <p className="countdown" role="timer" aria-label={`${label}: ${seconds} seconds`}>
      <span aria-hidden="true">{seconds}</span>
    </p>
  );
}

export function Branding({ branding, title }: { branding: PlayBranding | null; title: string | null }) {
  return (
    <header className="brand">
      {branding?.business_logo ? <img className="brand-logo" src={branding.business_logo} alt={branding.business_name} /> : null}
      <div>
        {branding && !branding.business_logo ? <p className="brand-name">{branding.business_name}</p> : null}
        {title ? <h1>{title}</h1> : null}
      </div>
    </header>
  );
}

/** The page around every screen: the client's background image, when it has one. */
export function Frame({ branding, children }: { branding: PlayBranding | null; children: ReactNode }) {
  const background = branding?.background_image;
  return (
    <div className="frame" style={background ? { backgroundImage: `url("${encodeURI(background)}")` } : undefined}>
      <main className="card">{children}</main>
    </div>
  );
}

export function ErrorMessage({ message, id }: { message: string | null; id?: string }) {
  return message ? (
    <p className="error" role="alert" id={id}>
      {message}
    </p>
  ) : null;
}

export function OfflineNote({ online }: { online: boolean }) {
  return online ? null : (
    <p className="offline" role="status">
      Offline: this phone keeps your answers and sends them when the network is back.
    </p>
  );
}
