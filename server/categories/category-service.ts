import { sql, type Kysely, type Selectable } from 'kysely';
import {
  CATEGORY_NAME_TAKEN_MESSAGE,
  categoryInUseMessage,
  type Category,
  type CategoryPatchPayload,
  type CategoryPayload,
} from '../../src/lib/contract/category';
import type { ServerContext } from '../context';
import { created, isUniqueViolation, toCount, touched } from '../db/rows';
import type { CategoryTable, Database } from '../db/schema';
import { changedSince, recordDeletions, withDeletions } from '../http/changes';
import { badRequest, fieldErrors, notFound } from '../http/errors';
import { paginate, type PageRequest } from '../http/pagination';
import { withSearch } from '../http/search';
import { found, ownedBy } from '../http/tenant';

// Question categories (the Category calls of the API); the choices (order, delete of a used category) are documented in
// the contract file.

export type CategoryRow = Selectable<CategoryTable>;

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

export function categoryService({ db, clock }: Pick<ServerContext, 'db' | 'clock'>) {
  return {
    async list(clientId: number, query: { search?: string; updated_after?: string }, page: PageRequest) {
      const since = query.updated_after;
      const rows = db
        .selectFrom('categories')
        .selectAll()
        .$call(ownedBy('categories', clientId))
        .$call(withSearch(query.search, ['categories.name']))
        .$call(changedSince('categories', since));
      // A sync pull reads changes in the order they happened; people read names alphabetically.
      const ordered = since === undefined ? rows.orderBy(sql`lower(name)`).orderBy('id') : rows.orderBy('updated_at').orderBy('id');
      return withDeletions(db, since, clientId, 'categories', await paginate(page, ordered, toCategory));
    },

    /** The client's category, or 404. */
    async get(clientId: number, id: number): Promise<CategoryRow> {
      return found(
        await db.selectFrom('categories').selectAll().$call(ownedBy('categories', clientId)).where('id', '=', id).executeTakeFirst(),
      );
    },

    async create(clientId: number, { name }: CategoryPayload): Promise<CategoryRow> {
      return db
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
    },

    async update(clientId: number, current: CategoryRow, { name }: CategoryPatchPayload): Promise<CategoryRow> {
      return db
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
    },

    /** Deletes an unused category; one still used by questions answers 400 and stays. */
    async remove(clientId: number, current: CategoryRow): Promise<void> {
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
    },
  };
}
