import { loadScreenLibraries, startOpeningDatabase } from './screen-libraries';

afterEach(() => vi.restoreAllMocks());

describe('loadScreenLibraries', () => {
  it('loads the libraries in order, each in a task after the one before', async () => {
    const order: string[] = [];
    const library = (name: string) => () => {
      order.push(name);
      // A task queued by the library's evaluation runs before the next library is asked for.
      setTimeout(() => order.push(`task after ${name}`), 0);
      return Promise.resolve();
    };
    await loadScreenLibraries([library('dexie'), library('vendor')]);
    expect(order).toEqual(['dexie', 'task after dexie', 'vendor', 'task after vendor']);
  });

  it('resolves once a library cannot load, without asking for the rest', async () => {
    const rest = vi.fn(() => Promise.resolve());
    await expect(loadScreenLibraries([() => Promise.reject(new TypeError('Failed to fetch')), rest])).resolves.toBeUndefined();
    expect(rest).not.toHaveBeenCalled();
  });

  it('loads nothing in turn offline, where the screens come from the cache at once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const library = vi.fn(() => Promise.resolve());
    await loadScreenLibraries([library]);
    expect(library).not.toHaveBeenCalled();
  });
});

describe('startOpeningDatabase', () => {
  it('starts opening the local database and resolves without waiting for the open', async () => {
    const { portalDatabase } = await import('../local/db');
    const open = vi
      .spyOn(portalDatabase(), 'open')
      .mockReturnValue(new Promise(() => undefined) as ReturnType<ReturnType<typeof portalDatabase>['open']>);
    await startOpeningDatabase();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('resolves when the open fails: the queries that follow it report the failure', async () => {
    const { portalDatabase } = await import('../local/db');
    vi.spyOn(portalDatabase(), 'open').mockImplementation(
      () => Promise.reject(new Error('blocked')) as ReturnType<ReturnType<typeof portalDatabase>['open']>,
    );
    await expect(startOpeningDatabase()).resolves.toBeUndefined();
  });
});
