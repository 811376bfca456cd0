import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  CATEGORY_NAME_TAKEN_MESSAGE,
  categoryInUseMessage,
  categoryPatchPayload,
  categoryPayload,
  type Category,
} from '../../src/lib/contract/category';
import type { ServerContext } from '../context';
import { created, isUniqueViolation, toCount, touched } from '../db/rows';
import type { Database } from '../db/schema';
import { changedSince, recordDeletions, updatedAfterOf, withDeletions } from '../http/changes';
import { checkIfMatch, withEtag } from '../http/etag';
import { badRequest, fieldErrors, notFound, parseBody } from '../http/errors';
import { paginate } from '../http/pagination';
import { protect } from '../http/protect';
import { withSearch } from '../http/search';
import { clientIdOf, found, ownedBy, parseId } from '../http/tenant';

// Spec §7 Category; the choices (order, delete of a used category) are documented in the contract file.

interface CategoryRow {
  id: number;
  name: string;
  client_id: number;
  created_at: string;
  updated_at: string;
  version: number;
}

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    client: row.client_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

/**
 * 400 when another category of the client already has this name, ignoring case. Checked first for a clear
 * answer; when two writes of one name race past it (PostgreSQL runs them in parallel), the unique index on
 * (client_id, lower(name)) refuses the loser, which nameTaken() turns into the same 400.
 */
async function assertNameFree(db: Kysely<Database>, clientId: number, name: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('categories')
    .select('id')
    .$call(ownedBy('categories', clientId))
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw fieldErrors({ name: [CATEGORY_NAME_TAKEN_MESSAGE] });
}

/** The unique index's refusal as the same field error assertNameFree gives. */
function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldErrors({ name: [CATEGORY_NAME_TAKEN_MESSAGE] });
  throw error;
}

export const categoryRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { db, clock } = ctx;
  protect(app, ctx);

  const load = (clientId: number, id: number) =>
    db.selectFrom('categories').selectAll().$call(ownedBy('categories', clientId)).where('id', '=', id).executeTakeFirst();

  app.get('/api/v1/category/', async (request) => {
    const clientId = clientIdOf(request);
    const since = updatedAfterOf(request);
    let query = db
      .selectFrom('categories')
      .selectAll()
      .$call(ownedBy('categories', clientId))
      .$call(withSearch(request, ['categories.name']))
      .$call(changedSince('categories', since));
    // A sync pull reads changes in the order they happened; people read names alphabetically.
    query = since === undefined ? query.orderBy(sql`lower(name)`).orderBy('id') : query.orderBy('updated_at').orderBy('id');
    return withDeletions(db, request, clientId, 'categories', await paginate(request, query, toCategory));
  });

  app.get<{ Params: { id: string } }>('/api/v1/category/:id/', async (request, reply) => {
    const row = found(await load(clientIdOf(request), parseId(request.params.id)));
    return withEtag(reply, row.version, toCategory(row));
  });

  app.post('/api/v1/category/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const { name } = parseBody(categoryPayload, request.body);
    const row = await db
      .transaction()
      .execute(async (trx) => {
        await assertNameFree(trx, clientId, name);
        return trx
          .insertInto('categories')
          .values({ name, ...created(clock, clientId) })
          .returningAll()
          .executeTakeFirstOrThrow();
      })
      .catch(nameTaken);
    return reply.code(201).send(withEtag(reply, row.version, toCategory(row)));
  });

  app.patch<{ Params: { id: string } }>('/api/v1/category/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, toCategory(current));
    const { name } = parseBody(categoryPatchPayload, request.body);
    const row = await db
      .transaction()
      .execute(async (trx) => {
        if (name !== undefined) await assertNameFree(trx, clientId, name, current.id);
        return trx
          .updateTable('categories')
          .set({ ...(name !== undefined ? { name } : {}), ...touched(clock) })
          .where('id', '=', current.id)
          .where('client_id', '=', clientId)
          .returningAll()
          .executeTakeFirstOrThrow();
      })
      .catch(nameTaken);
    return withEtag(reply, row.version, toCategory(row));
  });

  app.delete<{ Params: { id: string } }>('/api/v1/category/:id/', async (request, reply) => {
    const clientId = clientIdOf(request);
    const current = found(await load(clientId, parseId(request.params.id)));
    checkIfMatch(request, current.version, toCategory(current));
    await db.transaction().execute(async (trx) => {
      // One statement checks and deletes, so a question added meanwhile is never cascaded away unseen.
      const result = await trx
        .deleteFrom('categories')
        .where('id', '=', current.id)
        .where('client_id', '=', clientId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('questions').select('questions.id').where('questions.category_id', '=', current.id))),
        )
        .executeTakeFirst();
      if (toCount(result.numDeletedRows) === 0) {
        const used = await trx
          .selectFrom('questions')
          .select(sql<number>`count(*)`.as('count'))
          .where('category_id', '=', current.id)
          .executeTakeFirst();
        const count = toCount(used?.count);
        // No questions and nothing deleted: another request deleted it first.
        throw count > 0 ? badRequest(categoryInUseMessage(count)) : notFound();
      }
      await recordDeletions(trx, clock, clientId, 'categories', [current.id]);
    });
    return reply.code(204).send();
  });
};
