import { createRouterInTurns } from './router';

afterEach(() => vi.restoreAllMocks());

/** Whether the router follows the browser's history: it starts to in its first navigation (initialize). */
const historyListens = (addListener: { mock: { calls: unknown[][] } }) => addListener.mock.calls.some(([type]) => type === 'popstate');

describe('createRouterInTurns', () => {
  it('makes the router in this task and starts its first navigation in the next, at the current address', async () => {
    window.history.replaceState(null, '', '/list-quiz');
    const addListener = vi.spyOn(window, 'addEventListener');
    const done = vi.fn();
    createRouterInTurns(done);
    expect(done).not.toHaveBeenCalled();
    expect(historyListens(addListener)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toHaveBeenCalledTimes(1);
    expect(historyListens(addListener)).toBe(true);
    const router = done.mock.calls[0]?.[0] as Parameters<Parameters<typeof createRouterInTurns>[0]>[0];
    expect(router.state.location.pathname).toBe('/list-quiz');
    router.dispose();
  });

  it('does not start the navigation once cancelled', async () => {
    const addListener = vi.spyOn(window, 'addEventListener');
    const done = vi.fn();
    createRouterInTurns(done)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).not.toHaveBeenCalled();
    expect(historyListens(addListener)).toBe(false);
  });
});
