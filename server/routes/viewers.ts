import type { FastifyPluginAsync } from 'fastify';
import type { Selectable } from 'kysely';
import type { ViewerProfile } from '../../src/lib/contract/viewer';
import type { ServerContext } from '../context';
import type { ViewerTable } from '../db/schema';
import { paginate } from '../http/pagination';
import { protect } from '../http/protect';
import { withSearch } from '../http/search';
import { clientIdOf, ownedBy } from '../http/tenant';
import { quizFilterOf } from './attempts';

// Spec §7 Viewers: GET /api/v1/profiles/viewer/, the participants of the caller's quizzes (read-only).

const SEARCH_FIELDS = ['viewers.username', 'viewers.first_name', 'viewers.last_name', 'viewers.email', 'viewers.mobile'];

function toViewerProfile(row: Selectable<ViewerTable>): ViewerProfile {
  return {
    id: row.id,
    user_detail: { username: row.username, first_name: row.first_name, last_name: row.last_name, email: row.email },
    mobile: row.mobile,
  };
}

export const viewerRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db } = ctx;
  protect(app, ctx);

  app.get('/api/v1/profiles/viewer/', async (request) => {
    const clientId = clientIdOf(request);
    const quizId = quizFilterOf(request);
    let query = db
      .selectFrom('viewers')
      .selectAll('viewers')
      .$call(ownedBy('viewers', clientId))
      .$call(withSearch(request, SEARCH_FIELDS))
      .orderBy('viewers.id');
    if (quizId !== undefined) {
      // ?quiz=: the viewers who attempted that quiz (once each, however many attempts).
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('attempts')
            .select('attempts.id')
            .whereRef('attempts.viewer_id', '=', 'viewers.id')
            .where('attempts.quiz_id', '=', quizId)
            .where('attempts.client_id', '=', clientId),
        ),
      );
    }
    return paginate(request, query, toViewerProfile);
  });
};
