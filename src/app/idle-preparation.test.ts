import { IDLE_PREPARATION, prepareWhenIdle } from './idle-preparation';

/** A window whose idle moments the test hands out. */
function idleWindow() {
  const waiting = new Map<number, IdleRequestCallback>();
  let last = 0;
  const target = {
    requestIdleCallback: (callback: IdleRequestCallback) => {
      last += 1;
      waiting.set(last, callback);
      return last;
    },
    cancelIdleCallback: (request: number) => waiting.delete(request),
  } as unknown as Window;
  const idle = () => {
    const [next] = [...waiting];
    if (!next) throw new Error('no idle callback is waiting');
    waiting.delete(next[0]);
    next[1]({ didTimeout: false, timeRemaining: () => 50 });
  };
  return { target, idle, waiting };
}

describe('prepareWhenIdle', () => {
  it('runs one step per idle moment, in order', () => {
    const page = idleWindow();
    const ran: string[] = [];
    prepareWhenIdle([() => ran.push('a'), () => ran.push('b')], page.target);
    expect(ran).toEqual([]);
    page.idle();
    expect(ran).toEqual(['a']);
    page.idle();
    expect(ran).toEqual(['a', 'b']);
    expect(page.waiting.size).toBe(0);
  });

  it('runs no step left once cancelled', () => {
    const page = idleWindow();
    const ran: string[] = [];
    const cancel = prepareWhenIdle([() => ran.push('a'), () => ran.push('b')], page.target);
    page.idle();
    cancel();
    expect(page.waiting.size).toBe(0);
    expect(ran).toEqual(['a']);
  });

  it('does nothing where the browser has no idle moments to offer (Safari)', () => {
    const step = vi.fn();
    prepareWhenIdle([step], {} as Window)();
    expect(step).not.toHaveBeenCalled();
  });

  it("makes the lists' date formatters ahead of their first date", () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (const step of IDLE_PREPARATION) step();
      const styles = made.mock.calls.map(([, options]) => options);
      expect(styles).toContainEqual({ year: 'numeric', month: 'short', day: 'numeric' });
      expect(styles).toContainEqual({ hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
    } finally {
      made.mockRestore();
    }
  });
});
