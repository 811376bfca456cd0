import type { KyInstance } from 'ky';
import { ApiError, readableMessage } from '../api/errors';
import { ResourceError } from '../api/resource';
import { isIdempotencyInProgress } from '../../lib/contract/idempotency';
import type { EntityName, OutboxEntry, OutboxError, PortalDatabase, ServerObject } from '../local/db';
import { entityDescriptors, resolveReferences } from '../local/entities';
import { serverIdOf } from '../local/keys';
import { refreshSyncState } from '../local/outbox';
import { isRetryable, retryDelay } from './backoff';
import { applyWriteAnswer, assignServerId, rowFromServer } from './mirror';
import type { SyncedEntity } from './registry';

export interface PushContext {
  db: PortalDatabase;
  entities: ReadonlyMap<EntityName, SyncedEntity>;
  client: KyInstance;
  now: () => number;
  random: () => number;
  onIdAssigned: (event: IdAssigned) => void;
}

export interface IdAssigned {
  entity: EntityName;
  localId: string;
  serverId: number;
}

export type PushOutcome =
  | { kind: 'done' }
  /** Stopped on a retryable failure; nothing else is worth trying before `retryAt`. */
  | { kind: 'retryLater'; retryAt: number; error: string }
  | { kind: 'needsSignIn' };

/** A change that cannot be sent because a row it needs never reached the server. */
class MissingDependencyError extends Error {}
const MISSING_DEPENDENCY = 'This change needs another change that was discarded.';

function errorBody(error: unknown): unknown {
  return error instanceof ApiError ? error.body : undefined;
}

function isServerObject(value: unknown): value is ServerObject {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

function errorOf(error: unknown): OutboxError {
  if (error instanceof ApiError) return { status: error.status, message: error.message, fieldErrors: error.fieldErrors };
  return { status: 0, message: readableMessage(error), fieldErrors: {} };
}

async function requireServerId(ctx: PushContext, entity: EntityName, localId: string): Promise<number> {
  const serverId = await serverIdOf(ctx.db, entity, localId);
  if (serverId === null) throw new MissingDependencyError(MISSING_DEPENDENCY);
  return serverId;
}

/** The payload as the server wants it: every reference to a local id becomes its server id. */
function resolvePayload<P extends object>(ctx: PushContext, entity: EntityName, payload: P): Promise<P> {
  return resolveReferences(entity, payload, async (target, key) => (typeof key === 'string' ? requireServerId(ctx, target, key) : key));
}

/** Sends one entry; resolves when the server acted, throws its error otherwise. */
async function send(ctx: PushContext, entry: OutboxEntry): Promise<void> {
  const synced = ctx.entities.get(entry.entity);
  if (!synced) throw new Error(`No resource for ${entry.entity}.`);
  const { api } = synced;
  const write = { idempotencyKey: entry.opId, baseVersion: entry.baseVersion };
  const { db } = ctx;
  switch (entry.kind) {
    case 'create': {
      const answer = await api.create(await resolvePayload(ctx, entry.entity, entry.payload), write, ctx.client);
      await db.transaction('rw', db.syncTables(), async () => {
        await db.outbox.delete(entry.seq as number);
        await assignServerId(db, entry.entity, entry.localId, answer.id);
        await applyWriteAnswer(db, entry.entity, entry.localId, answer);
      });
      ctx.onIdAssigned({ entity: entry.entity, localId: entry.localId, serverId: answer.id });
      return;
    }
    case 'update': {
      const id = await requireServerId(ctx, entry.entity, entry.localId);
      const answer = await api.update(id, await resolvePayload(ctx, entry.entity, entry.payload), write, ctx.client);
      await db.transaction('rw', db.syncTables(), async () => {
        await db.outbox.delete(entry.seq as number);
        await applyWriteAnswer(db, entry.entity, entry.localId, answer);
      });
      return;
    }
    case 'delete': {
      const id = await requireServerId(ctx, entry.entity, entry.localId);
      await ignoreNotFound(api.remove(id, write, ctx.client));
      await deleted(ctx, entry, [entry.localId]);
      return;
    }
    case 'bulkDelete': {
      const keys = entry.payload.localIds;
      const ids = await Promise.all(keys.map((key) => requireServerId(ctx, entry.entity, key)));
      await ignoreNotFound(api.bulkDelete(ids, write, ctx.client));
      await deleted(ctx, entry, keys);
      return;
    }
  }
}

/**
 * The server deleted the rows: the entry is done, and rows a refusal had put back (then sent again by the
 * user's Retry) leave the mirror now.
 */
async function deleted(ctx: PushContext, entry: OutboxEntry, keys: readonly string[]): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.syncTables(), async () => {
    await db.outbox.delete(entry.seq as number);
    await db.mirror(entry.entity).bulkDelete([...keys]);
  });
}

/**
 * A delete the server refused (a category still used by questions): the rows it had taken out of the
 * mirror come back at once, marked failed, so the list shows them with the server's reason instead of
 * hiding them until the user finds Discard. The refused entry stays for Retry or Discard.
 */
async function restoreRefusedDelete(db: PortalDatabase, entry: OutboxEntry): Promise<void> {
  if (entry.kind !== 'delete' && entry.kind !== 'bulkDelete') return;
  const table = db.mirror(entry.entity);
  for (const removed of entry.removedRows ?? []) {
    if (await table.get(removed.localId)) continue;
    const row = removed.serverCopy ? rowFromServer(removed.serverCopy, removed.localId) : removed;
    await table.put({ ...row, syncState: 'failed' });
  }
}

/** Deleting what is already gone has the effect the user wanted. */
async function ignoreNotFound(request: Promise<void>): Promise<void> {
  try {
    await request;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

async function settle(ctx: PushContext, entry: OutboxEntry, changes: Partial<OutboxEntry>): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.syncTables(), async () => {
    await db.outbox.update(entry.seq as number, changes);
    if (changes.status === 'failed') await restoreRefusedDelete(db, entry);
    if (changes.status === 'conflict' && changes.conflict?.current && entry.kind === 'update') {
      await db.mirror(entry.entity).update(entry.localId, { serverCopy: changes.conflict.current });
    }
    await refreshSyncState(db, entry.entity, entry.localId);
  });
}

type EntriesByRow = Map<string, OutboxEntry[]>;

/**
 * What must reach the server before `entry`: the earlier changes of its own row, and of each row
 * it depends on the earlier changes plus the row's create wherever it sits (an edit may point a
 * row at one created after it).
 */
function blockersOf(entry: OutboxEntry, byRow: EntriesByRow): OutboxEntry[] {
  const seq = entry.seq as number;
  const own = (byRow.get(entry.localId) ?? []).filter((other) => (other.seq as number) < seq);
  const needed = entry.dependsOn.flatMap((key) =>
    (byRow.get(key) ?? []).filter((other) => (other.seq as number) < seq || other.kind === 'create'),
  );
  return [...own, ...needed, ...referrersBefore(entry, byRow)];
}

/**
 * A delete also waits for earlier changes of rows that may point at what it deletes (a question
 * moved out of a category before the category is deleted): the server refuses to delete a row
 * still in use.
 */
function referrersBefore(entry: OutboxEntry, byRow: EntriesByRow): OutboxEntry[] {
  if (entry.kind !== 'delete' && entry.kind !== 'bulkDelete') return [];
  const seq = entry.seq as number;
  const referrers = new Set(
    Object.values(entityDescriptors)
      .filter((descriptor) => Object.values(descriptor.references).includes(entry.entity))
      .map((descriptor) => descriptor.name),
  );
  if (referrers.size === 0) return [];
  return [...byRow.values()].flat().filter((other) => referrers.has(other.entity) && (other.seq as number) < seq);
}

/** Waits on a failed or conflicting change, directly or through others: needs the user first. */
function isStuck(entry: OutboxEntry, byRow: EntriesByRow, seen = new Set<number>()): boolean {
  if (entry.status === 'failed' || entry.status === 'conflict') return true;
  if (seen.has(entry.seq as number)) return false;
  seen.add(entry.seq as number);
  return blockersOf(entry, byRow).some((blocker) => isStuck(blocker, byRow, seen));
}

function groupByRow(entries: readonly OutboxEntry[]): EntriesByRow {
  const byRow: EntriesByRow = new Map();
  for (const entry of entries) byRow.set(entry.localId, [...(byRow.get(entry.localId) ?? []), entry]);
  return byRow;
}

function forget(byRow: EntriesByRow, entry: OutboxEntry): void {
  byRow.set(
    entry.localId,
    (byRow.get(entry.localId) ?? []).filter((other) => other.seq !== entry.seq),
  );
}

/** Keeps the in-memory view in step with what was just stored. */
function remember(byRow: EntriesByRow, entry: OutboxEntry): void {
  byRow.set(
    entry.localId,
    (byRow.get(entry.localId) ?? []).map((other) => (other.seq === entry.seq ? entry : other)),
  );
}

/**
 * Sends the outbox in order. An entry goes once what it needs has reached the server
 * (blockersOf); entries behind a failed or conflicting one become 'blocked' and the others go on.
 * Passes repeat while they make progress, so an entry that waited on a later create goes too.
 * `force` (Sync now, back online) ignores backoff delays.
 */
export async function pushOutbox(ctx: PushContext, force: boolean): Promise<PushOutcome> {
  const { db } = ctx;
  let earliestRetry = Infinity;
  for (let progressed = true; progressed;) {
    progressed = false;
    earliestRetry = Infinity;
    const entries = await db.outbox.orderBy('seq').toArray();
    const byRow = groupByRow(entries);
    for (const listed of entries) {
      // Re-read: sending an earlier entry may have rebased this one (baseVersion) or removed it.
      const entry = await db.outbox.get(listed.seq as number);
      if (!entry) {
        forget(byRow, listed);
        continue;
      }
      remember(byRow, entry);
      if (entry.status === 'failed' || entry.status === 'conflict') continue;
      if (isStuck(entry, byRow)) {
        if (entry.status !== 'blocked') await settle(ctx, entry, { status: 'blocked' });
        remember(byRow, { ...entry, status: 'blocked' });
        continue;
      }
      if (blockersOf(entry, byRow).length > 0) continue;
      if (!force && entry.nextAttemptAt > ctx.now()) {
        earliestRetry = Math.min(earliestRetry, entry.nextAttemptAt);
        continue;
      }
      const attempts = entry.attempts + 1;
      await settle(ctx, entry, { status: 'sending', attempts });
      try {
        await send(ctx, { ...entry, attempts });
        forget(byRow, entry);
        progressed = true;
      } catch (error) {
        const lastError = errorOf(error);
        if (error instanceof MissingDependencyError) {
          await settle(ctx, entry, { status: 'failed', lastError });
          remember(byRow, { ...entry, status: 'failed' });
        } else if (lastError.status === 401) {
          await settle(ctx, entry, { status: 'pending', lastError });
          return { kind: 'needsSignIn' };
        } else if (isRetryable(lastError.status) || isIdempotencyInProgress(lastError.status, errorBody(error))) {
          // An earlier send of this change still runs on the server, or died there (its claim expires): the
          // same send, later, is the answer; it is no edit conflict.
          const retryAfter = error instanceof ResourceError ? error.retryAfterMs : null;
          const retryAt = ctx.now() + retryDelay(attempts, ctx.random, retryAfter);
          await settle(ctx, entry, { status: 'pending', lastError, nextAttemptAt: retryAt });
          return { kind: 'retryLater', retryAt, error: lastError.message };
        } else if (lastError.status === 409 || lastError.status === 412) {
          const body = error instanceof ApiError ? error.body : undefined;
          await settle(ctx, entry, { status: 'conflict', lastError, conflict: { current: isServerObject(body) ? body : null } });
          remember(byRow, { ...entry, status: 'conflict' });
        } else {
          await settle(ctx, entry, { status: 'failed', lastError });
          remember(byRow, { ...entry, status: 'failed' });
        }
      }
    }
  }
  return Number.isFinite(earliestRetry) ? { kind: 'retryLater', retryAt: earliestRetry, error: '' } : { kind: 'done' };
}
