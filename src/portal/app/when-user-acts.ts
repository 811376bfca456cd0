/** What a person does first on a page: a touch or a click, a key, focus moving into it. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `run` once, at the user's first touch, click, key or focus on the page. For code only a next step needs
 * (the router's chunk behind the sign-in form): a person takes seconds to fill the form or to reach a
 * link, far longer than the chunk takes to arrive, and a page nobody acts on downloads nothing more. Returns what
 * cancels it.
 */
export function whenUserActs(run: () => void, target: Window = window): () => void {
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, act, true);
  };
  function act() {
    stop();
    run();
  }
  for (const type of INTENT_EVENTS) target.addEventListener(type, act, { capture: true, passive: true });
  return stop;
}
