// A server-paged screen's first page asked for while the screen's code still loads: opening Viewers Data cold, its
// request waited for the screen's chunk, the portal layout's first render and the new device's first pull (about
// 0.6 s on a tablet's CPU; the server answers in tens of ms). The screen takes the answer when it mounts.

/** An answer older than this is not taken: the screen asks again. */
export const PREFETCH_FRESH_MS = 10_000;

interface Prefetched {
  promise: Promise<unknown>;
  at: number;
}

const prefetched = new Map<string, Prefetched>();

const idOf = (key: string, queryText: string) => `${key}:${queryText}`;

/** Starts loading `key`'s page for `query` now, for the screen to take (once) when it mounts. */
export function prefetchPage<Query, Data>(key: string, query: Query, load: (query: Query) => Promise<Data>, now = Date.now()): void {
  const promise = load(query);
  // Its failure is the screen's to handle when it takes it; untaken, it is dropped quietly.
  promise.catch(() => undefined);
  prefetched.set(idOf(key, JSON.stringify(query)), { promise, at: now });
}

/** The page prefetched for `key` and this query (as JSON), if fresh; taken once. */
export function takePrefetchedPage<Data>(key: string, queryText: string, now = Date.now()): Promise<Data> | undefined {
  const id = idOf(key, queryText);
  const entry = prefetched.get(id);
  prefetched.delete(id);
  if (!entry || now - entry.at > PREFETCH_FRESH_MS) return undefined;
  return entry.promise as Promise<Data>;
}
