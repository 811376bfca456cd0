import type { KyInstance } from 'ky';
import { ApiError } from '../api/errors';
import type { MirrorRow, OutboxEntry, Payload, PortalDatabase, ServerObject } from '../local/db';
import { writeTransaction } from '../local/commands';
import { RecordNotFoundError } from '../local/errors';
import { serverIdOf } from '../local/keys';
import { entriesOf, newOpId, refreshSyncState, withFix } from '../local/outbox';
import { rowFromServer, versionOf } from './mirror';
import type { SyncedEntity } from './registry';

/*
 * What the user can do with a change that failed or conflicts (docs/decisions.md "Offline"): nothing is
 * dropped unless the user says so.
 */

async function entryByOpId(db: PortalDatabase, opId: string): Promise<OutboxEntry> {
  const entry = await db.outbox.where('opId').equals(opId).first();
  if (!entry) throw new RecordNotFoundError('outbox', opId);
  return entry;
}

/** Back to the queue with a new Idempotency-Key (the refused attempt had no effect). */
const requeued = { status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, conflict: null } as const;

/**
 * Sends a failed (or waiting) change again, after the user fixed it: `changes` are merged into the
 * queued payload and into the row the user sees.
 */
export async function retryChange(db: PortalDatabase, opId: string, changes: Payload = {}): Promise<void> {
  await writeTransaction(db, async () => {
    const entry = await entryByOpId(db, opId);
    if (entry.status === 'sending') return;
    const refused = entry.status === 'failed' || entry.status === 'conflict';
    const table = db.mirror(entry.entity);
    // A refused delete whose row came back (push.ts) follows the server's copy the user now sees.
    const restored = entry.kind === 'delete' && refused ? await table.get(entry.localId) : undefined;
    await db.outbox.update(entry.seq as number, {
      ...requeued,
      opId: refused ? newOpId() : entry.opId,
      payload: withFix(entry, changes).payload,
      ...(restored?.serverCopy ? { baseVersion: versionOf(restored.serverCopy) } : {}),
    });
    if (Object.keys(changes).length > 0 && (await table.get(entry.localId)))
      await table.update(entry.localId, changes as Partial<MirrorRow>);
    await refreshSyncState(db, entry.entity, entry.localId);
  });
}

/** Sends my version over the server's: the change is now based on the server's current version. */
export async function keepMine(db: PortalDatabase, opId: string): Promise<void> {
  await writeTransaction(db, async () => {
    const entry = await entryByOpId(db, opId);
    if (entry.status !== 'conflict') return;
    await db.outbox.update(entry.seq as number, { ...requeued, opId: newOpId(), baseVersion: versionOf(entry.conflict?.current) });
    await refreshSyncState(db, entry.entity, entry.localId);
  });
}

/**
 * Re-applies the row's other queued changes on top of a server state, or, for a row the server has
 * not answered for yet, on top of nothing but its queued create.
 */
async function rebuildRow(db: PortalDatabase, entry: OutboxEntry, base: ServerObject | null): Promise<void> {
  const remaining = (await entriesOf(db, entry.localId)).filter((other) => other.opId !== entry.opId);
  const current = await db.mirror(entry.entity).get(entry.localId);
  let row: MirrorRow = base
    ? rowFromServer(base, entry.localId)
    : ({ localId: entry.localId, serverId: current?.serverId ?? null, syncState: 'pending', serverCopy: null } as MirrorRow);
  for (const other of remaining) if (other.kind === 'create' || other.kind === 'update') row = { ...row, ...other.payload };
  await db.mirror(entry.entity).put(row);
  if (base) for (const other of remaining) await db.outbox.update(other.seq as number, { baseVersion: versionOf(base) });
  await refreshSyncState(db, entry.entity, entry.localId);
}

/**
 * Drops a change and undoes it here: an edit reverts the row to the server's last known state, a
 * delete puts the rows back, a create (never on the server) removes the row and its later edits.
 */
export async function discardChange(db: PortalDatabase, opId: string): Promise<void> {
  await writeTransaction(db, async () => {
    const entry = await entryByOpId(db, opId);
    if (entry.status === 'sending') return;
    await db.outbox.delete(entry.seq as number);
    const table = db.mirror(entry.entity);
    if (entry.kind === 'create') {
      const rest = await entriesOf(db, entry.localId);
      await db.outbox.bulkDelete(rest.map((other) => other.seq as number));
      await table.delete(entry.localId);
    } else if (entry.kind === 'update') {
      const row = await table.get(entry.localId);
      if (row) await rebuildRow(db, entry, row.serverCopy);
    } else {
      for (const removed of entry.removedRows ?? []) {
        await table.put(removed.serverCopy ? rowFromServer(removed.serverCopy, removed.localId) : removed);
        await refreshSyncState(db, entry.entity, removed.localId);
      }
    }
  });
}

/**
 * Takes the server's version: the row becomes the server's current object (fetched if the
 * conflict did not carry it; gone if the server deleted it) and my change is dropped.
 */
export async function takeTheirs(db: PortalDatabase, opId: string, entity: SyncedEntity, client: KyInstance): Promise<void> {
  const entry = await entryByOpId(db, opId);
  if (entry.status !== 'conflict') return;
  let current = entry.conflict?.current ?? null;
  if (!current) {
    const serverId = await serverIdOf(db, entry.entity, entry.localId);
    if (serverId !== null) {
      try {
        current = await entity.api.get(serverId, client);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
  }
  await writeTransaction(db, async () => {
    await db.outbox.delete(entry.seq as number);
    if (!current) {
      await db.mirror(entry.entity).delete(entry.localId);
      const rest = await entriesOf(db, entry.localId);
      await db.outbox.bulkDelete(rest.map((other) => other.seq as number));
    } else {
      await rebuildRow(db, entry, current);
    }
  });
}
