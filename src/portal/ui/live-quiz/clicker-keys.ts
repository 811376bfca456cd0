import { useEffect, useRef } from 'react';

// A presenter clicker's keys (arrows, Page Up/Down, Space), as the quiz control screen and the stage both
// answer them: the same keys step a MANUAL quiz from the quizmaster's phone and from the big screen.

export type ClickerAction = 'next' | 'previous';

/** Presenter clickers send arrows, Page Up/Down or Space; anything else is not ours. */
export function clickerActionOf(key: string): ClickerAction | null {
  if (key === 'ArrowRight' || key === 'PageDown' || key === ' ') return 'next';
  if (key === 'ArrowLeft' || key === 'PageUp') return 'previous';
  return null;
}

/** Elements where the clicker's keys mean something else (typing, choosing). */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * Calls `onAction` for each clicker key pressed on the page (not while typing, not with a modifier, not for
 * a held key's repeats). The latest `onAction` is used without binding the listener again.
 */
export function useClickerKeys(onAction: (action: ClickerAction) => void): void {
  const latest = useRef(onAction);
  useEffect(() => {
    latest.current = onAction;
  }, [onAction]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = clickerActionOf(event.key);
      if (!action || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      // Space would also press a focused button, and arrows/page keys would scroll the page.
      event.preventDefault();
      if (!event.repeat) latest.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
