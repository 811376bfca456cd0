import Dexie, { type Table } from 'dexie';
import type { AnyPayload, OutboxChange } from './payloads';

/**
 * The portal's local database: a mirror of the server's rows, the outbox of changes waiting to be
 * sent, and what the sync engine needs to remember between runs.
 *
 * Keys (one stable key per row, for its whole life):
 * - A row that came from the server has `localId = "s-<server id>"`.
 * - A row created on this device has `localId = "local-<uuid>"` and `serverId = null` until the
 *   server answers its create; it then gets `serverId` but keeps its `localId`, so lists keyed by
 *   localId and anything holding the key stay valid. `idMap` remembers local id -> server id even
 *   after the row is deleted (a queued delete still needs it).
 * - Routes use `routeKeyOf(row)` (keys.ts): the server id once known ("/add-category/12/update"),
 *   the local id before ("/add-category/local-…/update"). `resolveRouteKey` accepts both, so a page
 *   opened with the local id keeps working after sync; the engine also emits an "id assigned"
 *   event so the page can switch its address to the server id.
 * - References between rows (question.category, quiz.questions[], pollChoice.question) hold the
 *   server id (number) when known, otherwise the referenced row's local id (string); the engine
 *   rewrites them to the number when the server assigns it.
 *
 * Schema versions: each `version(n)` below stays as written forever; a change of indexes or data
 * shape adds `version(n + 1).stores({...}).upgrade(tx => ...)`, so a device upgrades in place
 * without losing its queued changes.
 */

export type SyncState = 'synced' | 'pending' | 'failed' | 'conflict';

/**
 * What every object the server sends has, as far as sync is concerned (a type literal, so each
 * entity's own interface fits it).
 */
export type ServerObject = {
  id: number;
  /** Optimistic-concurrency version; absent on servers without the extras (no conflicts then). */
  version?: number;
  updated_at?: string;
};

/** A mirrored row: the server's fields (minus `id`, which is `serverId`) plus the sync bookkeeping. */
export type MirrorRow<S extends ServerObject = ServerObject> = Omit<S, 'id'> & {
  localId: string;
  serverId: number | null;
  syncState: SyncState;
  /** The server's last known state of this row (null if never synced): what discard reverts to. */
  serverCopy: S | null;
};

/** The tables that mirror a server resource. */
export type EntityName = 'categories' | 'questions' | 'quizzes' | 'polls' | 'pollChoices';
export const ENTITY_NAMES: readonly EntityName[] = ['categories', 'questions', 'quizzes', 'polls', 'pollChoices'];

export type OutboxKind = OutboxChange['kind'];
export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'conflict' | 'blocked';

export interface OutboxError {
  /** HTTP status; 0 when no answer came back. */
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
}

/** The fields of a queued change of any entity (a retry's fix is merged into them). */
export type Payload = Partial<AnyPayload>;

/**
 * A queued change as stored: the change (entity, kind and the payload of that entity and kind,
 * payloads.ts) with the bookkeeping of its sending.
 */
export type OutboxEntry<E extends EntityName = EntityName> = OutboxEntryState & OutboxChange<E>;

interface OutboxEntryState {
  /** Auto-incremented: the order in which changes were made, and are sent. */
  seq?: number;
  /** Sent as Idempotency-Key: a resend after a lost answer has no second effect. */
  opId: string;
  /** The changed row; for bulkDelete a key of its own ("bulk-<uuid>"). */
  localId: string;
  /** The server version the change was made on (If-Match); null when unknown. */
  baseVersion: number | null;
  /** Local ids of rows whose earlier queued changes must reach the server first. */
  dependsOn: string[];
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which automatic sync leaves this entry alone (backoff). */
  nextAttemptAt: number;
  lastError: OutboxError | null;
  /** On a 409/412: the server's current object, shown to the user to choose. */
  conflict: { current: ServerObject | null } | null;
  /** delete / bulkDelete: the rows taken out of the mirror, put back if the delete is discarded. */
  removedRows?: MirrorRow[];
  createdAt: number;
}

export interface IdMapping {
  entity: EntityName;
  localId: string;
  serverId: number;
}

export interface SyncMeta {
  entity: EntityName;
  /** Server time (latest updated_at seen) to ask `updated_after` from; null before the first pull. */
  cursor: string | null;
  lastPulledAt: number | null;
  /** Whether the server answered with `deleted` (it supports updated_after). */
  incremental: boolean;
}

/** The current user, client settings and other single values, each under its own key. */
export interface SessionValue {
  key: string;
  value: unknown;
  savedAt: number;
}

export const DATABASE_NAME = 'quiz-portal';

export class PortalDatabase extends Dexie {
  categories!: Table<MirrorRow, string>;
  questions!: Table<MirrorRow, string>;
  quizzes!: Table<MirrorRow, string>;
  polls!: Table<MirrorRow, string>;
  pollChoices!: Table<MirrorRow, string>;
  session!: Table<SessionValue, string>;
  outbox!: Table<OutboxEntry, number>;
  idMap!: Table<IdMapping, [EntityName, string]>;
  syncMeta!: Table<SyncMeta, EntityName>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores({
      categories: 'localId, serverId, name, updated_at, syncState',
      questions: 'localId, serverId, description, category, created_at, updated_at, syncState',
      quizzes: 'localId, serverId, name, description, updated_at, syncState',
      polls: 'localId, serverId, name, created_at, updated_at, syncState',
      pollChoices: 'localId, serverId, question, updated_at, syncState',
      session: 'key',
      outbox: '++seq, &opId, status, entity, localId',
      idMap: '[entity+localId], [entity+serverId]',
      syncMeta: 'entity',
    });
  }

  mirror(entity: EntityName): Table<MirrorRow, string> {
    return this[entity];
  }

  /** The tables a change to mirrored data touches, for one transaction. */
  syncTables(): Table[] {
    return [...ENTITY_NAMES.map((name) => this[name]), this.outbox, this.idMap, this.syncMeta];
  }
}

let shared: PortalDatabase | null = null;

/** The app's one database (tests make their own with a unique name). */
export function portalDatabase(): PortalDatabase {
  shared ??= new PortalDatabase();
  return shared;
}
