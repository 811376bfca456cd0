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
 * Firebase) starts after the first paint instead of delaying it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted;
}
