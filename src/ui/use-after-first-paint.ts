import { useEffect, useState } from 'react';

/** Where frames do not run (a hidden tab), the page counts as painted after this long. */
const PAINT_FALLBACK_MS = 1000;

/**
 * Calls `done` once the page has been painted and shown: after the next frame has begun (the one before it
 * is on the screen by then), in a task of its own. Returns what cancels it.
 */
export function afterFirstPaint(done: () => void): () => void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  let frame = 0;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(once, 0);
    });
  });
  const fallback = setTimeout(once, PAINT_FALLBACK_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(fallback);
  };
}

/**
 * False until the screen has been painted once, then true: work that can wait (the live channel, which loads
 * Firebase) starts after the first paint instead of delaying it. With `ready` false (the screen still loading
 * its content) the wait for a paint starts only once it turns true: the paint that counts is the content's.
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  const waiting = ready && !painted;
  useEffect(() => (waiting ? afterFirstPaint(() => setPainted(true)) : undefined), [waiting]);
  return painted;
}
