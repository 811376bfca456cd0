import type { KyInstance } from 'ky';
import { liveQuery, type Subscription } from 'dexie';
import { http } from '../api/client';
import { ApiError, readableMessage } from '../api/errors';
import { whenBackOnline, type Connection, type ConnectionState } from '../../lib/server-connection';
import { onLocalChange } from '../local/changes';
import type { EntityName, Payload, PortalDatabase } from '../local/db';
import { RecordNotFoundError } from '../local/errors';
import { withSyncLock } from './lock';
import { pullEntities } from './pull';
import { pushOutbox, type IdAssigned, type PushContext } from './push';
import { syncedEntities, type SyncedEntity } from './registry';
import { discardChange, keepMine, retryChange, takeTheirs } from './resolution';
import { SyncStatusStore } from './status';

export type { IdAssigned } from './push';

/** Where the time of the last successful sync is kept (the session table), so /sync still tells it after a reload. */
export const LAST_SYNCED_KEY = 'lastSyncedAt';

export interface SyncEngineOptions {
  db: PortalDatabase;
  entities?: readonly SyncedEntity[];
  /** The ky instance requests go through (tests give one routed to a fake or in-memory server). */
  client?: KyInstance;
  now?: () => number;
  random?: () => number;
  /** Delay between a local change and the sync it triggers, so quick edits go together. */
  debounceMs?: number;
  /** Periodic sync while online and visible. */
  periodMs?: number;
  /**
   * What an offline start waits for before its first work (the outbox's recovery and counts): nothing can be
   * sent, so it need not compete with the page's first screen. The app waits for an idle moment.
   */
  whenIdle?: () => Promise<void>;
  /**
   * Whether the server answers (the app's: api/connection.ts). The engine sends nothing while it is offline and
   * sends everything at once when it is back. Without one the server is taken as reachable and each failure is
   * retried with backoff (tests and the benchmark give a client of their own).
   */
  connection?: Connection;
}

/** A connection nothing is known against: every run tries the server. */
const ASSUMED_REACHABLE: Connection = { getState: () => 'online', subscribe: () => () => undefined };

function connectionStatus(state: ConnectionState) {
  return { connection: state, online: state !== 'offline' };
}

/**
 * The sync engine: sends the outbox, then pulls the server's rows into the mirror. Runs on start,
 * when the server answers again after it did not, shortly after each local change, every 30 s while
 * the page is visible, on syncNow(), and when a backoff delay ends. One run at a time in this page;
 * one replayer across tabs (lock.ts).
 */
export class SyncEngine {
  readonly status: SyncStatusStore;
  private readonly connection: Connection;
  private readonly db: PortalDatabase;
  private readonly entities: ReadonlyMap<EntityName, SyncedEntity>;
  private readonly client: KyInstance;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly debounceMs: number;
  private readonly periodMs: number;
  private readonly idListeners = new Set<(event: IdAssigned) => void>();
  private readonly cleanups: (() => void)[] = [];
  private running: Promise<void> | null = null;
  private rerun: { force: boolean } | null = null;
  private started = false;
  private stopped = false;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly whenIdle: () => Promise<void>;

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.entities = new Map((options.entities ?? syncedEntities).map((entity) => [entity.name, entity]));
    this.client = options.client ?? http;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.debounceMs = options.debounceMs ?? 500;
    this.periodMs = options.periodMs ?? 30_000;
    this.whenIdle = options.whenIdle ?? (() => Promise.resolve());
    this.connection = options.connection ?? ASSUMED_REACHABLE;
    this.status = new SyncStatusStore(connectionStatus(this.connection.getState()));
  }

  /** Recovers from a crash mid-send, starts listening, and runs a first sync. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.connection.start?.();
    // Unless the server has answered, the first work waits for the page's first screen: most likely nothing can be
    // sent, and an online start has its user's answer by now.
    if (this.connection.getState() !== 'online') {
      await this.whenIdle();
      if (this.stopped) return;
    }
    await this.restoreLastSynced();
    // A page closed while sending leaves entries 'sending': send them again (same Idempotency-Key).
    // Under the lock, so an entry another tab is sending right now is left alone.
    await withSyncLock(() => this.db.outbox.where('status').equals('sending').modify({ status: 'pending' }));
    this.listen();
    void this.requestPersistentStorage();
    await this.syncNow();
  }

  stop(): void {
    this.started = false;
    this.stopped = true;
    clearTimeout(this.debounceTimer);
    clearTimeout(this.retryTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  /** Sends everything now, backoff delays included, then pulls. */
  syncNow(): Promise<void> {
    return this.request(true);
  }

  /** After a 401 paused the queue: the user signed in again. */
  signedIn(): Promise<void> {
    this.status.update({ needsSignIn: false });
    return this.syncNow();
  }

  /** Called when a row created here gets its server id (a page showing its local id can switch). */
  onIdAssigned(listener: (event: IdAssigned) => void): () => void {
    this.idListeners.add(listener);
    return () => this.idListeners.delete(listener);
  }

  async retry(opId: string, changes?: Payload): Promise<void> {
    await retryChange(this.db, opId, changes);
    await this.afterResolution();
  }

  async discard(opId: string): Promise<void> {
    await discardChange(this.db, opId);
    await this.afterResolution();
  }

  async keepMine(opId: string): Promise<void> {
    await keepMine(this.db, opId);
    await this.afterResolution();
  }

  async takeTheirs(opId: string): Promise<void> {
    const entry = await this.db.outbox.where('opId').equals(opId).first();
    if (!entry) throw new RecordNotFoundError('outbox', opId);
    const entity = this.entities.get(entry.entity);
    if (!entity) throw new Error(`No resource for ${entry.entity}.`);
    await takeTheirs(this.db, opId, entity, this.client);
    await this.afterResolution();
  }

  private async afterResolution(): Promise<void> {
    await this.refreshCounts();
    if (!this.stopped) await this.syncNow();
  }

  private listen(): void {
    const followConnection = () => this.status.update(connectionStatus(this.connection.getState()));
    this.cleanups.push(this.connection.subscribe(followConnection));
    followConnection();
    // Back after a drop: everything waiting goes now, backoff delays included.
    this.cleanups.push(whenBackOnline(this.connection, () => this.inBackground(true)));
    this.cleanups.push(onLocalChange(() => this.scheduleSoon()));
    const timer = setInterval(() => {
      const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
      if (visible && !this.isOffline()) this.inBackground(false);
    }, this.periodMs);
    this.cleanups.push(() => clearInterval(timer));
    // Counts follow the outbox, including changes made by other tabs.
    const subscription: Subscription = liveQuery(() => this.db.outbox.toArray()).subscribe({
      next: (entries) => this.status.updateFromOutbox(entries),
      error: (error: unknown) => console.error('Sync status query failed', error),
    });
    this.cleanups.push(() => subscription.unsubscribe());
  }

  /** The last successful sync of an earlier page load on this device (a run of this one is newer). */
  private async restoreLastSynced(): Promise<void> {
    try {
      const stored = (await this.db.session.get(LAST_SYNCED_KEY))?.value;
      if (typeof stored === 'number' && this.status.getSnapshot().lastSyncedAt === null) this.status.update({ lastSyncedAt: stored });
    } catch (error) {
      console.error('Could not read the last sync time', error);
    }
  }

  private async saveLastSynced(at: number): Promise<void> {
    this.status.update({ lastSyncedAt: at, lastError: null });
    try {
      await this.db.session.put({ key: LAST_SYNCED_KEY, value: at, savedAt: at });
    } catch (error) {
      // The sync itself succeeded; only the next page load will not know when.
      console.warn('Could not keep the last sync time', error);
    }
  }

  private scheduleSoon(): void {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => this.inBackground(false), this.debounceMs);
  }

  private scheduleRetry(at: number): void {
    clearTimeout(this.retryTimer);
    if (!this.started) return;
    this.retryTimer = setTimeout(() => this.inBackground(false), Math.max(0, at - this.now()));
  }

  private isOffline(): boolean {
    return this.connection.getState() === 'offline';
  }

  private async requestPersistentStorage(): Promise<void> {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return;
    try {
      const persisted = (await storage.persisted?.()) || (await storage.persist());
      this.status.update({ storagePersisted: persisted });
    } catch {
      this.status.update({ storagePersisted: false });
    }
  }

  /**
   * A run that nobody awaits (a timer, the browser coming online). Its own failures become the status's lastError;
   * what is left (the database closed under it: the page is going, or the mirror was deleted) is logged instead of
   * surfacing as an unhandled rejection.
   */
  private inBackground(force: boolean): void {
    this.request(force).catch((error: unknown) => console.error('Background sync failed', error));
  }

  /** One run at a time; a request during a run makes one more run after it. */
  private request(force: boolean): Promise<void> {
    if (this.running) {
      this.rerun = { force: force || (this.rerun?.force ?? false) };
      return this.running;
    }
    this.running = (async () => {
      try {
        let next: { force: boolean } | null = { force };
        while (next) {
          this.rerun = null;
          const { force: forced } = next;
          await withSyncLock(() => this.run(forced));
          next = this.rerun;
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async run(force: boolean): Promise<void> {
    if (this.isOffline() || this.status.getSnapshot().needsSignIn) return;
    this.status.update({ syncing: true });
    try {
      const context: PushContext = {
        db: this.db,
        entities: this.entities,
        client: this.client,
        now: this.now,
        random: this.random,
        onIdAssigned: (event) => this.idListeners.forEach((listener) => listener(event)),
      };
      const pushed = await pushOutbox(context, force);
      if (pushed.kind === 'needsSignIn') {
        this.status.update({ needsSignIn: true, lastError: 'Sign in again to send your changes.' });
        return;
      }
      if (pushed.kind === 'retryLater') {
        this.scheduleRetry(pushed.retryAt);
        if (pushed.error) {
          this.status.update({ lastError: pushed.error });
          return;
        }
      }
      await pullEntities(this.db, this.client, [...this.entities.values()], this.now());
      await this.saveLastSynced(this.now());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        this.status.update({ needsSignIn: true, lastError: 'Sign in again to send your changes.' });
      else this.status.update({ lastError: readableMessage(error) });
    } finally {
      await this.refreshCounts();
      this.status.update({ syncing: false });
    }
  }

  private async refreshCounts(): Promise<void> {
    this.status.updateFromOutbox(await this.db.outbox.toArray());
  }
}
