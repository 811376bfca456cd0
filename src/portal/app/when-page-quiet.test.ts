import { QUIET_MS, QUIET_WAIT_LIMIT_MS, whenPageQuiet } from './when-page-quiet';

/** A page whose idle periods the test hands out, at times it chooses. */
function fakeIdlePage() {
  let clock = 0;
  let pending: IdleRequestCallback | null = null;
  const timeouts: (number | undefined)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
    pending = callback;
    timeouts.push(options?.timeout);
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => {
    pending = null;
  });
  return {
    now: () => clock,
    timeouts,
    /** An idle period starting at `at` ms, `length` ms long (50 when nothing is scheduled). */
    idle(at: number, length = 50, didTimeout = false) {
      clock = at;
      const callback = pending;
      pending = null;
      callback?.({ didTimeout, timeRemaining: () => length });
    },
    /** Idle periods back to back from `from` up to `to`. */
    idleFrom(from: number, to: number) {
      for (let at = from; at <= to; at += 50) this.idle(at);
    },
  };
}

describe('whenPageQuiet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs once the page has been idle for a second without a busy stretch, not before', () => {
    const page = fakeIdlePage();
    const run = vi.fn();
    whenPageQuiet(run, page.now);
    page.idleFrom(10, QUIET_MS);
    expect(run).not.toHaveBeenCalled();
    page.idle(QUIET_MS + 50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts counting again after a busy stretch (the start-up drawing the screen)', () => {
    const page = fakeIdlePage();
    const run = vi.fn();
    whenPageQuiet(run, page.now);
    page.idleFrom(10, 700);
    // 400 ms without an idle period: the page was busy.
    page.idleFrom(1150, 1150 + QUIET_MS - 50);
    expect(run).not.toHaveBeenCalled();
    page.idleFrom(1150 + QUIET_MS, 1150 + QUIET_MS + 50);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when the page stays busy until the wait limit', () => {
    const page = fakeIdlePage();
    const run = vi.fn();
    whenPageQuiet(run, page.now);
    expect(page.timeouts[0]).toBe(QUIET_WAIT_LIMIT_MS);
    page.idle(300, 0);
    expect(page.timeouts[1]).toBe(QUIET_WAIT_LIMIT_MS - 300);
    page.idle(QUIET_WAIT_LIMIT_MS, 0, true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', () => {
    const page = fakeIdlePage();
    const run = vi.fn();
    const cancel = whenPageQuiet(run, page.now);
    page.idleFrom(10, 500);
    cancel();
    page.idleFrom(550, 3000);
    expect(run).not.toHaveBeenCalled();
  });

  it('waits a quiet second by the clock where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenPageQuiet(run);
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
