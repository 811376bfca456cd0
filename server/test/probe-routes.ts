import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../src/lib/contract/page';
import { changesQuery, idParams, pagingQuery, searchQuery } from '../../src/lib/contract/request';
import type { TestServer } from './support';
import { created, touched } from '../db/rows';
import { changedSince, recordDeletions, withDeletions } from '../http/changes';
import { noContent } from '../http/contract';
import { checkIfMatch, withEtag } from '../http/etag';
import { pageRequestOf, paginate, type PageRequest } from '../http/pagination';
import { protect } from '../http/protect';
import { withSearch } from '../http/search';
import { clientIdOf, found, ownedBy } from '../http/tenant';

// A small categories resource built only from the shared helpers, the way a real resource uses them: its
// schemas (the contract's, in src/lib/contract/<entity>.ts for a real one), its service (server/<area>/
// <entity>-service.ts: rules and queries) and its routes (server/routes/<resource>.ts: schema, call, answer).
// The helper tests drive it; it is also the worked example for a new resource.

const probeCategoryPayload = z.object({ name: z.string().trim().min(1, 'This field may not be blank.') });
const probeCategory = z.object({ id: z.number(), name: z.string(), client: z.number(), updated_at: z.string(), version: z.number() });
const probeListQuery = z.object({ ...pagingQuery(), ...searchQuery(), ...changesQuery() });

type ProbeRow = { id: number; name: string; client_id: number; updated_at: string; version: number };
const toProbeCategory = (row: ProbeRow): z.infer<typeof probeCategory> => ({
  id: row.id,
  name: row.name,
  client: row.client_id,
  updated_at: row.updated_at,
  version: row.version,
});

function probeService({ db, clock }: Pick<TestServer, 'db' | 'clock'>) {
  return {
    async list(clientId: number, query: z.infer<typeof probeListQuery>, page: PageRequest) {
      const rows = db
        .selectFrom('categories')
        .selectAll()
        .$call(ownedBy('categories', clientId))
        .$call(withSearch(query.search, ['categories.name']))
        .$call(changedSince('categories', query.updated_after))
        .orderBy('id');
      return withDeletions(db, query.updated_after, clientId, 'categories', await paginate(page, rows, toProbeCategory));
    },
    async get(clientId: number, id: number) {
      return found(
        await db.selectFrom('categories').selectAll().$call(ownedBy('categories', clientId)).where('id', '=', id).executeTakeFirst(),
      );
    },
    async create(clientId: number, { name }: z.infer<typeof probeCategoryPayload>) {
      return db
        .insertInto('categories')
        .values({ name, ...created(clock, clientId) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async update(clientId: number, current: ProbeRow, { name }: z.infer<typeof probeCategoryPayload>) {
      return db
        .updateTable('categories')
        .set({ name, ...touched(clock) })
        .where('id', '=', current.id)
        .where('client_id', '=', clientId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async remove(clientId: number, current: ProbeRow) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('categories').where('id', '=', current.id).where('client_id', '=', clientId).execute();
        await recordDeletions(trx, clock, clientId, 'categories', [current.id]);
      });
    },
  };
}

export async function registerCategoryProbe(server: TestServer): Promise<void> {
  const probeRoutes: FastifyPluginAsyncZod = async (app) => {
    protect(app, server);
    const categories = probeService(server);

    app.get('/probe/categories/', { schema: { querystring: probeListQuery, response: { 200: pageOf(probeCategory) } } }, async (request) =>
      categories.list(clientIdOf(request), request.query, pageRequestOf(request)),
    );

    app.post('/probe/categories/', { schema: { body: probeCategoryPayload, response: { 201: probeCategory } } }, async (request, reply) => {
      const row = await categories.create(clientIdOf(request), request.body);
      return reply.code(201).send(withEtag(reply, row.version, toProbeCategory(row)));
    });

    app.get('/probe/categories/:id/', { schema: { params: idParams, response: { 200: probeCategory } } }, async (request, reply) => {
      const row = await categories.get(clientIdOf(request), request.params.id);
      return withEtag(reply, row.version, toProbeCategory(row));
    });

    app.patch(
      '/probe/categories/:id/',
      { schema: { params: idParams, body: probeCategoryPayload, response: { 200: probeCategory } } },
      async (request, reply) => {
        const clientId = clientIdOf(request);
        const current = await categories.get(clientId, request.params.id);
        checkIfMatch(request, current.version, toProbeCategory(current));
        const row = await categories.update(clientId, current, request.body);
        return withEtag(reply, row.version, toProbeCategory(row));
      },
    );

    app.delete('/probe/categories/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
      const clientId = clientIdOf(request);
      const current = await categories.get(clientId, request.params.id);
      checkIfMatch(request, current.version, toProbeCategory(current));
      await categories.remove(clientId, current);
      return reply.code(204).send();
    });
  };
  await server.app.register(probeRoutes);
}
