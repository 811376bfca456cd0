import { POLL_FILES, poll, type Poll } from '../../lib/contract/poll';
import { ApiError } from './errors';
import { resource, type Resource } from './resource';

export type { Poll } from '../../lib/contract/poll';

/**
 * Polls exist only for clients with poll_enabled; the server answers 403 to the others. For the sync
 * pull that means "no rows" (a mirror from before is emptied), not a failure reported on every sync.
 */
export function emptyWhenForbidden<T>(api: Resource<T>): Resource<T> {
  return {
    ...api,
    list: async (params, client) => {
      try {
        return await api.list(params, client);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return { count: 0, next: null, previous: null, results: [] };
        throw error;
      }
    },
  };
}

/**
 * GET/POST /api/v1/poll-list/, GET/PATCH/DELETE /api/v1/poll-list/{id}/ (the Poll calls of the API), multipart; a QR
 * image given as a file is uploaded, its stored URL (a string) is never sent back.
 */
export const pollsApi: Resource<Poll> = emptyWhenForbidden(
  resource<Poll>({ path: 'api/v1/poll-list/', multipart: true, fileFields: POLL_FILES }, { item: poll, one: poll }),
);
