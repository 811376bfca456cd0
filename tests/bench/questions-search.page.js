// Runs in the page of the questions-search benchmark (plain JS: tests/bench is compiled without the DOM library).
// Records the time of each keydown, and the first frame drawn after the question count changed.
window.benchWatch = () => {
  const state = { keyAt: 0, changes: [] };
  window.benchState = state;
  document.addEventListener('keydown', () => (state.keyAt = performance.now()), true);
  const counter = [...document.querySelectorAll('p')].find((element) => /^\d+ questions?$/.test(element.textContent ?? ''));
  if (!counter) throw new Error('no question count on the page');
  new MutationObserver(() => {
    const text = counter.textContent ?? '';
    requestAnimationFrame(() => setTimeout(() => state.changes.push({ text, paintedAt: performance.now() })));
  }).observe(counter, { subtree: true, childList: true, characterData: true });
};

window.benchReset = () => {
  window.benchState.changes = [];
};

/** Milliseconds from the last keydown until the count showed `text` on screen, or null while it has not. */
window.benchTimeTo = (text) => {
  const change = window.benchState.changes.find((item) => item.text === text);
  return change ? change.paintedAt - window.benchState.keyAt : null;
};
