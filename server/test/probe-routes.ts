import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TestServer } from './support';
import { created, touched } from '../db/rows';
import { changedSince, recordDeletions, updatedAfterOf, withDeletions } from '../http/changes';
import { checkIfMatch, withEtag } from '../http/etag';
import { parseBody } from '../http/errors';
import { paginate } from '../http/pagination';
import { protect } from '../http/protect';
import { withSearch } from '../http/search';
import { clientIdOf, found, ownedBy, parseId } from '../http/tenant';

// A small categories resource built only from the shared helpers, the way a real resource uses them.
// The helper tests drive it; it is also the worked example for server/routes/<resource>.ts.

const categoryPayload = z.object({ name: z.string().trim().min(1, 'This field may not be blank.') });

export async function registerCategoryProbe(server: TestServer): Promise<void> {
  const { db, clock } = server;
  await server.app.register(async (app: FastifyInstance) => {
    protect(app, { db, clock });
    const toCategory = (row: { id: number; name: string; client_id: number; updated_at: string }) => ({
      id: row.id,
      name: row.name,
      client: row.client_id,
      updated_at: row.updated_at,
    });
    const load = (clientId: number, id: number) =>
      db.selectFrom('categories').selectAll().$call(ownedBy('categories', clientId)).where('id', '=', id).executeTakeFirst();

    app.get('/probe/categories/', async (request) => {
      const clientId = clientIdOf(request);
      const since = updatedAfterOf(request);
      const query = db
        .selectFrom('categories')
        .selectAll()
        .$call(ownedBy('categories', clientId))
        .$call(withSearch(request, ['categories.name']))
        .$call(changedSince('categories', since))
        .orderBy('id');
      return withDeletions(db, request, clientId, 'categories', await paginate(request, query, toCategory));
    });

    app.post('/probe/categories/', async (request, reply) => {
      const { name } = parseBody(categoryPayload, request.body);
      const row = await db
        .insertInto('categories')
        .values({ name, ...created(clock, clientIdOf(request)) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send(withEtag(reply, row.version, toCategory(row)));
    });

    app.get<{ Params: { id: string } }>('/probe/categories/:id/', async (request, reply) => {
      const row = found(await load(clientIdOf(request), parseId(request.params.id)));
      return withEtag(reply, row.version, toCategory(row));
    });

    app.patch<{ Params: { id: string } }>('/probe/categories/:id/', async (request, reply) => {
      const clientId = clientIdOf(request);
      const current = found(await load(clientId, parseId(request.params.id)));
      checkIfMatch(request, current.version, toCategory(current));
      const { name } = parseBody(categoryPayload, request.body);
      const row = await db
        .updateTable('categories')
        .set({ name, ...touched(clock) })
        .where('id', '=', current.id)
        .where('client_id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return withEtag(reply, row.version, toCategory(row));
    });

    app.delete<{ Params: { id: string } }>('/probe/categories/:id/', async (request, reply) => {
      const clientId = clientIdOf(request);
      const current = found(await load(clientId, parseId(request.params.id)));
      checkIfMatch(request, current.version, toCategory(current));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('categories').where('id', '=', current.id).where('client_id', '=', clientId).execute();
        await recordDeletions(trx, clock, clientId, 'categories', [current.id]);
      });
      return reply.code(204).send();
    });
  });
}
