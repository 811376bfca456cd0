import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/errors';
import { readSavedPage, savePage } from '../store/saved-pages';
import { notifyError } from './notify';
import { takePrefetchedPage } from './prefetched-page';

/** What a server-paged screen shows: the page, and when it is the copy kept from an earlier visit. */
export interface ServerPageState<Query, Data> {
  data: Data | undefined;
  /** Set when the server could not be reached and the last loaded page is shown instead. */
  saved: { savedAt: number; query: Query } | null;
  loading: boolean;
  /** The server could not be reached and nothing was kept: there is nothing to show. */
  unreachable: boolean;
  reload: () => void;
}

/**
 * Reads a server-paged list (attempts, viewers) for `query`, and keeps the last page loaded so it stays
 * readable offline with its age (docs/decisions.md "Offline"). Without a connection the kept page is shown, whatever
 * query it was loaded for (the screen says which); any other failure is notified (docs/decisions.md "Spec defects fixed").
 * Signing out clears the kept pages with the rest of the session table.
 */
export function useServerPage<Query, Data>(
  key: string,
  query: Query,
  load: (query: Query, signal: AbortSignal) => Promise<Data>,
  failureTitle: string,
): ServerPageState<Query, Data> {
  const [generation, setGeneration] = useState(0);
  const queryText = JSON.stringify(query);
  const requestId = `${generation}:${queryText}`;
  // `request` says which query the state answers: while it differs from the current one, a load is running.
  const [state, setState] = useState<{
    request: string | null;
    data: Data | undefined;
    saved: ServerPageState<Query, Data>['saved'];
    unreachable: boolean;
  }>({
    request: null,
    data: undefined,
    saved: null,
    unreachable: false,
  });

  useEffect(() => {
    const controller = new AbortController();
    const wanted = JSON.parse(queryText) as Query;
    // The first page may have been asked for while the screen's code loaded (prefetched-page.ts); a reload asks again.
    const prefetched = generation === 0 ? takePrefetchedPage<Data>(key, queryText) : undefined;
    (prefetched ?? load(wanted, controller.signal))
      .then(async (data) => {
        if (controller.signal.aborted) return;
        setState({ request: requestId, data, saved: null, unreachable: false });
        await savePage(key, wanted, data);
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.isNetworkError) {
          const page = await readSavedPage<Query, Data>(key);
          if (controller.signal.aborted) return;
          if (page) {
            setState({ request: requestId, data: page.data, saved: { savedAt: page.savedAt, query: page.query }, unreachable: false });
            return;
          }
          setState({ request: requestId, data: undefined, saved: null, unreachable: true });
          return;
        }
        notifyError(error, failureTitle);
        setState((current) => ({ ...current, request: requestId }));
      });
    return () => controller.abort();
  }, [key, queryText, load, failureTitle, requestId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data: state.data, saved: state.saved, unreachable: state.unreachable, loading: state.request !== requestId, reload };
}
