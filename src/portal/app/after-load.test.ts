import { AFTER_LOAD_IDLE_LIMIT_MS, afterLoad } from './after-load';

/** A window whose load event and idle moments the test hands out. */
function fakeWindow(readyState: DocumentReadyState) {
  const events = new EventTarget();
  let idle: IdleRequestCallback | null = null;
  const options: (IdleRequestOptions | undefined)[] = [];
  const target = {
    document: { readyState },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    requestIdleCallback: (callback: IdleRequestCallback, requested?: IdleRequestOptions) => {
      idle = callback;
      options.push(requested);
      return 1;
    },
    cancelIdleCallback: () => {
      idle = null;
    },
  } as unknown as Window;
  return {
    target,
    options,
    load: () => events.dispatchEvent(new Event('load')),
    idle: () => idle?.({ didTimeout: false, timeRemaining: () => 50 }),
  };
}

describe('afterLoad', () => {
  it('waits for the load event, then for an idle moment, before running', () => {
    const page = fakeWindow('loading');
    const run = vi.fn();
    afterLoad(run, page.target);
    page.idle();
    expect(run).not.toHaveBeenCalled();
    page.load();
    expect(run).not.toHaveBeenCalled();
    page.idle();
    expect(run).toHaveBeenCalledTimes(1);
    expect(page.options).toEqual([{ timeout: AFTER_LOAD_IDLE_LIMIT_MS }]);
  });

  it('waits only for an idle moment when the page has already loaded', () => {
    const page = fakeWindow('complete');
    const run = vi.fn();
    afterLoad(run, page.target);
    page.idle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the load event', () => {
    const before = fakeWindow('loading');
    const runBefore = vi.fn();
    afterLoad(runBefore, before.target)();
    before.load();
    before.idle();
    expect(runBefore).not.toHaveBeenCalled();

    const after = fakeWindow('loading');
    const runAfter = vi.fn();
    const cancel = afterLoad(runAfter, after.target);
    after.load();
    cancel();
    after.idle();
    expect(runAfter).not.toHaveBeenCalled();
  });
});
