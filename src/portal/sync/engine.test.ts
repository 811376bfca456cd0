import { NETWORK_FAILURE_MESSAGE } from '../api/errors';
import { resource } from '../api/resource';
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE } from '../../lib/contract/idempotency';
import type { Category } from '../api/categories';
import { createRecord, deleteRecord, updateRecord } from '../local/commands';
import { aQuestion } from '../local/testing';
import { PortalDatabase, type MirrorRow, type ServerObject } from '../local/db';
import { ServerConnection, type Connection } from '../../lib/server-connection';
import { SyncEngine, type IdAssigned } from './engine';
import { CATEGORIES, FakeServer, QUESTIONS } from './test-support/fake-server';

// The stand-in server keeps only the fields sync needs, not the contract's: its answers are taken undecoded.
const categoriesApi = resource<ServerObject>({ path: CATEGORIES });
const questionsApi = resource<ServerObject>({ path: QUESTIONS });
let db: PortalDatabase;
let server: FakeServer;
let engine: SyncEngine;
let now: number;

function makeEngine(target: FakeServer = server, connection?: Connection): SyncEngine {
  return new SyncEngine({
    db,
    connection,
    client: target.client(),
    entities: [
      { name: 'categories', api: categoriesApi },
      { name: 'questions', api: questionsApi },
    ],
    now: () => now,
    random: () => 0.5,
    debounceMs: 60_000,
    periodMs: 60 * 60_000,
  });
}

beforeEach(() => {
  now = Date.parse('2026-02-01T00:00:00Z');
  db = new PortalDatabase(`engine-${crypto.randomUUID()}`);
  server = new FakeServer();
  engine = makeEngine();
});

afterEach(async () => {
  engine.stop();
  db.close();
  await db.delete();
});

const names = async () => (await db.categories.toArray()).map((row) => (row as MirrorRow<Category>).name).sort();
const serverNames = (target = server) =>
  target
    .rows()
    .map((row) => row.name)
    .sort();
const outbox = () => db.outbox.orderBy('seq').toArray();
/** A connection the test moves by hand: it cannot be started, so it never probes by itself. */
function manualConnection() {
  const connection = new ServerConnection({ probe: () => Promise.reject(new Error('never probes')) });
  return {
    getState: connection.getState,
    subscribe: connection.subscribe,
    answered: (status: number) => connection.answered(status),
    unreachable: () => connection.unreachable(),
  };
}

describe('pull', () => {
  it('loads every page of 1000 into the mirror', async () => {
    for (let index = 0; index < 2100; index += 1) server.seed({ name: `Category ${index}` });
    await engine.syncNow();
    expect(await db.categories.count()).toBe(2100);
    const lists = server.requests.filter((request) => request.method === 'GET' && request.path.includes('category'));
    expect(lists.map((request) => new URL(request.path, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(lists.every((request) => request.path.includes('page_size=1000'))).toBe(true);
    expect(await db.categories.get('s-1')).toMatchObject({ name: 'Category 0', serverId: 1, syncState: 'synced' });
    // 2,100 rows through fake-indexeddb: well under a second alone, past 5 s on a loaded 2-core machine.
  }, 30_000);

  it('then asks only for what changed, and drops what the server deleted', async () => {
    const kept = server.seed({ name: 'Science' });
    const gone = server.seed({ name: 'Art' });
    await engine.syncNow();
    server.editDirectly(kept.id, { name: 'Sciences' });
    server.deleteDirectly(gone.id);
    server.requests.length = 0;
    await engine.syncNow();
    expect(server.requests[0]?.path).toContain('updated_after=');
    expect(await names()).toEqual(['Sciences']);
    expect(await db.syncMeta.get('categories')).toMatchObject({ incremental: true });
  });

  it('against a server without updated_after, pulls everything and drops rows it no longer has, not rows with queued changes', async () => {
    server = new FakeServer({ extras: false });
    engine = makeEngine();
    const a = server.seed({ name: 'A' });
    const b = server.seed({ name: 'B' });
    server.seed({ name: 'C' });
    await engine.syncNow();
    await updateRecord(db, 'categories', `s-${b.id}`, { name: 'B2' });
    server.deleteDirectly(a.id);
    server.deleteDirectly(b.id);
    server.failNext({ kind: 'status', status: 400, body: { name: ['Too long.'] } });
    await engine.syncNow();
    expect(await db.syncMeta.get('categories')).toMatchObject({ incremental: false });
    expect(await names()).toEqual(['B2', 'C']);
  });

  it('writes nothing when the rows it pulls have not changed', async () => {
    server.seed({ name: 'Science' });
    await engine.syncNow();
    const put = vi.spyOn(db.categories, 'put');
    await engine.syncNow();
    expect(put).not.toHaveBeenCalled();
  });

  it('never overwrites a row that has a change waiting to be sent', async () => {
    const row = server.seed({ name: 'Science' });
    await engine.syncNow();
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Mine' });
    server.editDirectly(row.id, { name: 'Theirs' });
    server.failNext({ kind: 'network', afterActing: false });
    await engine.syncNow();
    expect(await db.categories.get(`s-${row.id}`)).toMatchObject({ name: 'Mine', syncState: 'pending' });
  });
});

describe('push', () => {
  it('sends a create with its Idempotency-Key; the answer gives the row its server id', async () => {
    const events: IdAssigned[] = [];
    engine.onIdAssigned((event) => events.push(event));
    const row = await createRecord(db, 'categories', { name: 'History' });
    const [entry] = await outbox();
    await engine.syncNow();
    const [write] = server.writes();
    expect(write?.headers.get('Idempotency-Key')).toBe(entry?.opId);
    const id = server.rows()[0]!.id;
    expect(await db.categories.get(row.localId)).toMatchObject({ name: 'History', serverId: id, syncState: 'synced', version: 1 });
    expect(await db.categories.count()).toBe(1);
    expect(await db.idMap.get(['categories', row.localId])).toMatchObject({ serverId: id });
    expect(events).toEqual([{ entity: 'categories', localId: row.localId, serverId: id }]);
    expect(engine.status.getSnapshot()).toMatchObject({ waiting: 0, failed: 0, conflicts: 0, lastError: null });
  });

  it('sends dependent changes in order and replaces local ids in rows and queued payloads', async () => {
    const category = await createRecord(db, 'categories', { name: 'History' });
    const question = await createRecord(db, 'questions', aQuestion({ category: category.localId }));
    await updateRecord(db, 'categories', category.localId, { name: 'World history' });
    server.failNext({ kind: 'status', status: 503 });
    await engine.syncNow();
    expect(await db.questions.get(question.localId)).toMatchObject({ category: category.localId });
    server.failNext({ kind: 'network', afterActing: true });
    await engine.syncNow();
    const categoryId = server.rows()[0]!.id;
    // The category exists on the server; the answer was lost: the question still waits for it...
    expect((await outbox()).map((entry) => entry.kind)).toEqual(['create', 'create']);
    await engine.syncNow();
    expect(server.rows().map((row) => row.name)).toEqual(['World history']);
    expect(server.rows(QUESTIONS)).toEqual([expect.objectContaining({ description: 'Who?', category: categoryId })]);
    expect(await db.questions.get(question.localId)).toMatchObject({ category: categoryId, syncState: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a change that points at a row created after it once that row exists', async () => {
    const first = await createRecord(db, 'categories', { name: 'First' });
    const question = await createRecord(db, 'questions', aQuestion({ category: first.localId }));
    const later = await createRecord(db, 'categories', { name: 'Later' });
    await updateRecord(db, 'questions', question.localId, { category: later.localId });
    await engine.syncNow();
    const laterId = server.rows().find((row) => row.name === 'Later')!.id;
    expect(server.rows(QUESTIONS)).toEqual([expect.objectContaining({ category: laterId })]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit or delete queued behind an edit whose answer was lost is based on that edit, not a conflict', async () => {
    const row = server.seed({ name: 'Science' });
    await engine.syncNow();
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Sciences' });
    server.failNext({ kind: 'network', afterActing: true });
    await engine.syncNow();
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Natural sciences' });
    await engine.syncNow();
    expect(serverNames()).toEqual(['Natural sciences']);
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Gone soon' });
    server.failNext({ kind: 'network', afterActing: true });
    await engine.syncNow();
    await deleteRecord(db, 'categories', `s-${row.id}`);
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(server.rows()).toEqual([]);
  });

  it('deletes a category only after the queued move of its questions elsewhere', async () => {
    const old = server.seed({ name: 'Old' });
    server.seed({ name: 'New' });
    const question = server.seed({ description: 'Who?', category: old.id }, QUESTIONS);
    await engine.syncNow();
    await updateRecord(db, 'questions', `s-${question.id}`, { category: 's-2' });
    server.failNext({ kind: 'status', status: 503 });
    await engine.syncNow();
    await deleteRecord(db, 'categories', `s-${old.id}`);
    await (engine as unknown as { request(force: boolean): Promise<void> }).request(false);
    expect(server.writes()).toHaveLength(1);
    now += 60_000;
    await (engine as unknown as { request(force: boolean): Promise<void> }).request(false);
    expect(await db.outbox.count()).toBe(0);
    expect(serverNames()).toEqual(['New']);
  });

  it('rewrites a queued payload that still holds the local id when the server assigns it', async () => {
    const category = await createRecord(db, 'categories', { name: 'History' });
    await createRecord(db, 'questions', aQuestion({ description: '', category: category.localId }));
    await engine.syncNow();
    const categoryId = server.rows()[0]!.id;
    const [question] = await outbox();
    expect(question).toMatchObject({ status: 'failed', payload: { category: categoryId } });
  });
});

describe('failures', () => {
  it('no network: keeps the change, retries later with a growing delay, or at once on Sync now', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    server.failNext({ kind: 'network', afterActing: false });
    await engine.syncNow();
    const [first] = await outbox();
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: { status: 0 } });
    expect(first!.nextAttemptAt - now).toBe(1500);
    expect(engine.status.getSnapshot()).toMatchObject({ waiting: 1, lastError: expect.stringContaining('') });
    server.failNext({ kind: 'status', status: 502 });
    await engine.syncNow();
    const [second] = await outbox();
    expect(second!.nextAttemptAt - now).toBe(3000);
    const before = server.writes().length;
    await (engine as unknown as { request(force: boolean): Promise<void> }).request(false);
    expect(server.writes().length).toBe(before);
    now = second!.nextAttemptAt;
    await (engine as unknown as { request(force: boolean): Promise<void> }).request(false);
    expect(serverNames()).toEqual(['History']);
  });

  it('an Idempotency-Key still being processed (409 with its detail) is retried after Retry-After, not a conflict', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    server.failNext({
      kind: 'status',
      status: 409,
      body: { detail: IDEMPOTENCY_IN_PROGRESS_MESSAGE },
      headers: { 'Retry-After': '45' },
    });
    await engine.syncNow();
    const [entry] = await outbox();
    expect(entry).toMatchObject({ status: 'pending', lastError: { status: 409 } });
    expect(entry!.nextAttemptAt - now).toBe(45_000);
    expect(engine.status.getSnapshot()).toMatchObject({ conflicts: 0, waiting: 1 });
    now = entry!.nextAttemptAt;
    await (engine as unknown as { request(force: boolean): Promise<void> }).request(false);
    expect(serverNames()).toEqual(['History']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('honours Retry-After', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    server.failNext({ kind: 'status', status: 429, headers: { 'Retry-After': '120' } });
    await engine.syncNow();
    expect((await outbox())[0]!.nextAttemptAt - now).toBe(120_000);
  });

  it('401 pauses the whole queue, keeps it, and resumes after sign-in', async () => {
    await createRecord(db, 'categories', { name: 'A' });
    await createRecord(db, 'categories', { name: 'B' });
    server.failNext({ kind: 'status', status: 401, body: { detail: 'Invalid token.' } });
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({ needsSignIn: true, waiting: 2 });
    expect(server.requests).toHaveLength(1);
    await engine.syncNow();
    expect(server.requests).toHaveLength(1);
    await engine.signedIn();
    expect(serverNames()).toEqual(['A', 'B']);
    expect(engine.status.getSnapshot()).toMatchObject({ needsSignIn: false, waiting: 0 });
  });

  it('400 marks the change failed with the field errors, blocks what depends on it, sends the rest', async () => {
    const bad = await createRecord(db, 'categories', { name: ' ' });
    await createRecord(db, 'questions', aQuestion({ category: bad.localId }));
    await createRecord(db, 'categories', { name: 'Fine' });
    await engine.syncNow();
    const [failed, blocked] = await outbox();
    expect(failed).toMatchObject({
      status: 'failed',
      lastError: { status: 400, message: 'This field may not be blank.', fieldErrors: { name: ['This field may not be blank.'] } },
    });
    expect(blocked).toMatchObject({ status: 'blocked' });
    expect(serverNames()).toEqual(['Fine']);
    expect(await db.categories.get(bad.localId)).toMatchObject({ syncState: 'failed' });
    expect(engine.status.getSnapshot()).toMatchObject({
      failed: 1,
      waiting: 1,
      failedEntries: [expect.objectContaining({ opId: failed!.opId })],
    });

    await engine.retry(failed!.opId, { name: 'Fixed' });
    expect(serverNames()).toEqual(['Fine', 'Fixed']);
    expect(server.rows(QUESTIONS)).toHaveLength(1);
    expect(await db.categories.get(bad.localId)).toMatchObject({ name: 'Fixed', syncState: 'synced' });
  });

  it('412 is a conflict holding the server object; keep mine resends on its version', async () => {
    const row = server.seed({ name: 'Science' });
    await engine.syncNow();
    server.editDirectly(row.id, { name: 'Theirs' });
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Mine' });
    await engine.syncNow();
    const [conflict] = await outbox();
    expect(conflict).toMatchObject({ status: 'conflict', conflict: { current: { name: 'Theirs', version: 2 } } });
    expect(engine.status.getSnapshot()).toMatchObject({ conflicts: 1 });
    expect(await db.categories.get(`s-${row.id}`)).toMatchObject({ name: 'Mine', syncState: 'conflict' });
    await engine.keepMine(conflict!.opId);
    expect(server.writes().at(-1)?.headers.get('If-Match')).toBe('W/"2"');
    expect(serverNames()).toEqual(['Mine']);
    expect(await db.categories.get(`s-${row.id}`)).toMatchObject({ name: 'Mine', version: 3, syncState: 'synced' });
  });

  it('take theirs replaces my row with the server one and drops my change', async () => {
    const row = server.seed({ name: 'Science' });
    await engine.syncNow();
    server.editDirectly(row.id, { name: 'Theirs' });
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Mine' });
    await engine.syncNow();
    const [conflict] = await outbox();
    await engine.takeTheirs(conflict!.opId);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.categories.get(`s-${row.id}`)).toMatchObject({ name: 'Theirs', version: 2, syncState: 'synced' });
    expect(serverNames()).toEqual(['Theirs']);
  });

  it('a server without If-Match support: the last write wins, no conflict', async () => {
    server = new FakeServer({ extras: false });
    engine = makeEngine();
    const row = server.seed({ name: 'Science' });
    await engine.syncNow();
    server.editDirectly(row.id, { name: 'Theirs' });
    await updateRecord(db, 'categories', `s-${row.id}`, { name: 'Mine' });
    await engine.syncNow();
    expect(server.writes()[0]?.headers.get('If-Match')).toBeNull();
    expect(serverNames()).toEqual(['Mine']);
  });

  it('discard reverts an edit to the server state, restores a deleted row, removes a never-synced row', async () => {
    const row = server.seed({ name: 'Science' });
    const other = server.seed({ name: 'Art' });
    await engine.syncNow();
    await updateRecord(db, 'categories', `s-${row.id}`, { name: ' ' });
    await deleteRecord(db, 'categories', `s-${other.id}`);
    const fresh = await createRecord(db, 'categories', { name: '' });
    server.failNext({ kind: 'status', status: 400, body: { name: ['This field may not be blank.'] } });
    server.failNext({ kind: 'status', status: 400, body: { detail: 'Cannot delete.' } });
    await engine.syncNow();
    const entries = await outbox();
    expect(entries.map((entry) => entry.status)).toEqual(['failed', 'failed', 'failed']);
    for (const entry of entries) await engine.discard(entry.opId);
    expect(await db.outbox.count()).toBe(0);
    expect(await names()).toEqual(['Art', 'Science']);
    expect(await db.categories.get(fresh.localId)).toBeUndefined();
    expect(serverNames()).toEqual(['Art', 'Science']);
  });

  it('discarding an edit of a row whose create is still unanswered goes back to the created row', async () => {
    const row = await createRecord(db, 'categories', { name: 'History' });
    server.failNext({ kind: 'network', afterActing: false });
    await engine.syncNow();
    await updateRecord(db, 'categories', row.localId, { name: 'Histroy' });
    const edit = (await outbox())[1]!;
    await db.outbox.update(edit.seq!, { status: 'failed' });
    server.failNext({ kind: 'network', afterActing: false });
    await engine.discard(edit.opId);
    expect(await db.categories.get(row.localId)).toMatchObject({ name: 'History', syncState: 'pending' });
    await engine.syncNow();
    expect(serverNames()).toEqual(['History']);
  });

  it('a delete the server refuses puts the row back at once, marked failed with the reason; a retry that succeeds removes it', async () => {
    const used = server.seed({ name: 'Used' });
    const question = server.seed({ description: 'Who?', category: used.id }, QUESTIONS);
    await engine.syncNow();
    await deleteRecord(db, 'categories', `s-${used.id}`);
    expect(await db.categories.get(`s-${used.id}`)).toBeUndefined();
    await engine.syncNow();
    const [refused] = await outbox();
    expect(refused).toMatchObject({ kind: 'delete', status: 'failed', lastError: { status: 400, message: 'This row is still in use.' } });
    expect(await db.categories.get(`s-${used.id}`)).toMatchObject({ name: 'Used', syncState: 'failed' });
    // Later pulls keep it there, following the server.
    server.editDirectly(used.id, { name: 'Still used' });
    await engine.syncNow();
    expect(await db.categories.get(`s-${used.id}`)).toMatchObject({
      syncState: 'failed',
      serverCopy: expect.objectContaining({ name: 'Still used' }),
    });

    server.deleteDirectly(question.id, QUESTIONS);
    await engine.retry(refused!.opId);
    expect(serverNames()).toEqual([]);
    expect(await db.categories.get(`s-${used.id}`)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('remembers the last successful sync across page loads: a new engine on the device tells it before it syncs', async () => {
    await engine.syncNow();
    const synced = now;
    engine.stop();
    now += 60_000;
    engine = makeEngine();
    server.failNext({ kind: 'network', afterActing: false });
    await engine.start();
    expect(engine.status.getSnapshot()).toMatchObject({ lastSyncedAt: synced });
    await engine.syncNow();
    expect(engine.status.getSnapshot()).toMatchObject({ lastSyncedAt: now });
  });

  it('a change that cannot reach the server says so in words, not "Failed to fetch"', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    server.failNext({ kind: 'network', afterActing: false });
    await engine.syncNow();
    expect(engine.status.getSnapshot().lastError).toBe(NETWORK_FAILURE_MESSAGE);
    expect((await outbox())[0]?.lastError?.message).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('a delete of something already gone is done', async () => {
    const row = server.seed({ name: 'Science' });
    await engine.syncNow();
    await deleteRecord(db, 'categories', `s-${row.id}`);
    server.deleteDirectly(row.id);
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('crash recovery and single replayer', () => {
  it('an entry left "sending" by a closed page is sent again under the same key: nothing twice', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    const [entry] = await outbox();
    server.failNext({ kind: 'network', afterActing: true });
    await engine.syncNow();
    await db.outbox.update(entry!.seq!, { status: 'sending' });
    const restarted = makeEngine();
    await restarted.start();
    restarted.stop();
    expect(server.rows()).toHaveLength(1);
    expect(new Set(server.writes().map((write) => write.headers.get('Idempotency-Key')))).toEqual(new Set([entry!.opId]));
    expect(await db.categories.count()).toBe(1);
    expect(await db.categories.toArray()).toEqual([expect.objectContaining({ name: 'History', syncState: 'synced' })]);
  });

  it('a tab starting while another sends leaves the entry being sent alone', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = new SyncEngine({
      db,
      client: server.client().extend({ hooks: { beforeRequest: [async () => void (await held)] } }),
      entities: [{ name: 'categories', api: categoriesApi }],
    });
    const sending = slow.syncNow();
    await vi.waitFor(async () => expect((await outbox())[0]?.status).toBe('sending'));
    const other = makeEngine();
    const starting = other.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await outbox())[0]?.status).toBe('sending');
    release();
    await Promise.all([sending, starting]);
    other.stop();
    expect(server.rows()).toHaveLength(1);
  });

  it('a pull between a lost answer and its replay leaves one row', async () => {
    await createRecord(db, 'categories', { name: 'History' });
    server.failNext({ kind: 'network', afterActing: true });
    await engine.syncNow();
    // Another round where only the pull gets through, then the replay.
    const pullOnly = new SyncEngine({
      db,
      client: server.client(),
      entities: [{ name: 'categories', api: categoriesApi }],
      now: () => now,
    });
    await db.outbox.toCollection().modify({ nextAttemptAt: now + 60_000 });
    await (pullOnly as unknown as { request(force: boolean): Promise<void> }).request(false);
    expect(await db.categories.count()).toBe(2);
    await engine.syncNow();
    expect(await db.categories.count()).toBe(1);
    expect(server.rows()).toHaveLength(1);
  });

  it('two engines syncing at once send each change once', async () => {
    for (const name of ['A', 'B', 'C']) await createRecord(db, 'categories', { name });
    const second = makeEngine();
    await Promise.all([engine.syncNow(), second.syncNow(), engine.syncNow()]);
    expect(serverNames()).toEqual(['A', 'B', 'C']);
    expect(server.writes()).toHaveLength(3);
  });
});

describe('status and triggers', () => {
  it('asks once for persistent storage and reports the answer', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted: async () => false }, configurable: true });
    await engine.start();
    await vi.waitFor(() => expect(engine.status.getSnapshot().storagePersisted).toBe(true));
    expect(persist).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('tells subscribers, and syncs when the server answers again after a drop', async () => {
    const connection = manualConnection();
    engine = makeEngine(server, connection);
    await engine.start();
    connection.unreachable();
    expect(engine.status.getSnapshot()).toMatchObject({ connection: 'offline', online: false });
    const seen: boolean[] = [];
    engine.status.subscribe(() => seen.push(engine.status.getSnapshot().syncing));
    server.seed({ name: 'Science' });
    connection.answered(200);
    await vi.waitFor(async () => expect(await names()).toEqual(['Science']));
    expect(seen).toContain(true);
    await vi.waitFor(() =>
      expect(engine.status.getSnapshot()).toMatchObject({ connection: 'online', online: true, syncing: false, lastSyncedAt: now }),
    );
  });

  it('while the server does not answer it sends nothing, whatever the browser says; the change goes when it answers', async () => {
    const connection = manualConnection();
    engine = makeEngine(server, connection);
    await engine.start();
    connection.unreachable();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await createRecord(db, 'categories', { name: 'History' });
    server.requests.length = 0;
    await engine.syncNow();
    expect(server.requests).toEqual([]);
    expect((await outbox())[0]?.status).toBe('pending');
    connection.answered(200);
    await vi.waitFor(() => expect(serverNames()).toEqual(['History']));
    vi.restoreAllMocks();
  });

  it("starts the connection's own probing with its first start", async () => {
    const start = vi.fn();
    engine = makeEngine(server, { getState: () => 'checking', subscribe: () => () => undefined, start });
    await engine.start();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a start that the server has not answered yet still tries it (checking is not offline)', async () => {
    const connection = manualConnection();
    engine = makeEngine(server, connection);
    server.seed({ name: 'Science' });
    expect(engine.status.getSnapshot()).toMatchObject({ connection: 'checking', online: true });
    await engine.start();
    expect(await names()).toEqual(['Science']);
  });

  it('a sync nobody awaits that fails under a closed database is logged, not left unhandled', async () => {
    const connection = manualConnection();
    engine = makeEngine(server, connection);
    await engine.start();
    connection.unreachable();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      db.close();
      connection.answered(200);
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith('Background sync failed', expect.objectContaining({ name: 'DatabaseClosedError' })),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('started again after a stop, it sends a change as soon as the user fixes it', async () => {
    await engine.start();
    engine.stop();
    await engine.start();
    await createRecord(db, 'categories', { name: ' ' });
    await engine.syncNow();
    const [failed] = await outbox();
    await engine.retry(failed!.opId, { name: 'Fixed' });
    expect(serverNames()).toEqual(['Fixed']);
  });

  it('syncs shortly after a local change', async () => {
    engine = new SyncEngine({
      db,
      client: server.client(),
      entities: [{ name: 'categories', api: categoriesApi }],
      debounceMs: 5,
    });
    await engine.start();
    await createRecord(db, 'categories', { name: 'History' });
    await vi.waitFor(() => expect(serverNames()).toEqual(['History']));
  });
});

describe('an offline start', () => {
  afterEach(() => vi.restoreAllMocks());

  it("waits for the page's idle moment before its first work; online it starts at once", async () => {
    await createRecord(db, 'categories', { name: 'History' });
    const [entry] = await outbox();
    await db.outbox.update(entry!.seq!, { status: 'sending' });
    const down = manualConnection();
    down.unreachable();
    let idle: () => void = () => undefined;
    const waited = new Promise<void>((resolve) => (idle = resolve));
    const offline = new SyncEngine({ db, client: server.client(), whenIdle: () => waited, connection: down });
    const started = offline.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing touched yet: the page is drawing its first screen.
    expect((await outbox())[0]?.status).toBe('sending');
    idle();
    await started;
    offline.stop();
    expect((await outbox())[0]?.status).toBe('pending');

    const up = manualConnection();
    up.answered(200);
    const never = vi.fn(() => new Promise<void>(() => undefined));
    const online = new SyncEngine({ db, client: server.client(), whenIdle: never, connection: up });
    await online.start();
    online.stop();
    expect(never).not.toHaveBeenCalled();
  });

  it('stopped while waiting (a logout), it does nothing', async () => {
    const down = manualConnection();
    down.unreachable();
    let idle: () => void = () => undefined;
    const offline = new SyncEngine({
      db,
      client: server.client(),
      whenIdle: () => new Promise<void>((resolve) => (idle = resolve)),
      connection: down,
    });
    const restore = vi.spyOn(db.session, 'get');
    const started = offline.start();
    offline.stop();
    idle();
    await started;
    expect(restore).not.toHaveBeenCalled();
  });
});
