import { useLayoutEffect, useRef } from 'react';
import { fitScale } from './fit-scale';

/** Whether the element's content overflows it (a pixel of rounding allowed). */
function overflows(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
}

/**
 * Keeps a panel's content inside it: sets `--fit` on the panel (1, or the largest smaller scale at which nothing
 * overflows), which its text sizes multiply by (stage.module.css). Fitted again when the panel changes size (the
 * window, full screen), when elements come or go inside it (the question arriving from the mirror, the answers'
 * split) and when an image inside it loads; a countdown's ticking text changes nothing.
 */
export function useFitScale<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const panel = ref.current;
    if (!panel) return undefined;
    const fit = () => {
      const scale = fitScale((candidate) => {
        panel.style.setProperty('--fit', String(candidate));
        return !overflows(panel);
      });
      panel.style.setProperty('--fit', String(scale));
    };
    fit();
    const resized = new ResizeObserver(fit);
    resized.observe(panel);
    const changed = new MutationObserver(fit);
    changed.observe(panel, { childList: true, subtree: true });
    // Load events do not bubble: listened to on the way down.
    panel.addEventListener('load', fit, true);
    return () => {
      resized.disconnect();
      changed.disconnect();
      panel.removeEventListener('load', fit, true);
    };
  }, []);
  return ref;
}
