import type { Selectable } from 'kysely';
import type { ViewerProfile } from '../../src/lib/contract/viewer';
import type { ServerContext } from '../context';
import type { ViewerTable } from '../db/schema';
import { paginate, type PageRequest } from '../http/pagination';
import { withSearch } from '../http/search';
import { ownedBy } from '../http/tenant';

// Viewers (the Viewers calls of the API): the participants of the client's quizzes, read-only to the portal.

const SEARCH_FIELDS = ['viewers.username', 'viewers.first_name', 'viewers.last_name', 'viewers.email', 'viewers.mobile'];

function toViewerProfile(row: Selectable<ViewerTable>): ViewerProfile {
  return {
    id: row.id,
    user_detail: { username: row.username, first_name: row.first_name, last_name: row.last_name, email: row.email },
    mobile: row.mobile,
  };
}

export function viewerService({ db }: Pick<ServerContext, 'db'>) {
  return {
    /** `quiz`: the viewers who attempted that quiz (once each, however many attempts). */
    async list(clientId: number, filters: { search?: string; quiz?: number }, page: PageRequest) {
      const { quiz } = filters;
      let query = db
        .selectFrom('viewers')
        .selectAll('viewers')
        .$call(ownedBy('viewers', clientId))
        .$call(withSearch(filters.search, SEARCH_FIELDS))
        .orderBy('viewers.id');
      if (quiz !== undefined) {
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('attempts')
              .select('attempts.id')
              .whereRef('attempts.viewer_id', '=', 'viewers.id')
              .where('attempts.quiz_id', '=', quiz)
              .where('attempts.client_id', '=', clientId),
          ),
        );
      }
      return paginate(page, query, toViewerProfile);
    },
  };
}
