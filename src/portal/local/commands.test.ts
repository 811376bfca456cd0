import { bulkDeleteRecords, createRecord, deleteRecord, updateRecord } from './commands';
import { aQuestion, aQuiz } from './testing';
import { PortalDatabase, type MirrorRow } from './db';
import { LocalStorageFullError } from './errors';
import { findRowByKey, routeKeyOf, serverKey } from './keys';

let db: PortalDatabase;

beforeEach(() => {
  db = new PortalDatabase(`commands-${crypto.randomUUID()}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** A row as a pull would have left it. */
async function serverRow(id: number, name: string, version = 3): Promise<MirrorRow> {
  const object = { id, name, client: 1, updated_at: '2026-01-01T00:00:00Z', version };
  const row = {
    name,
    client: 1,
    updated_at: object.updated_at,
    version,
    localId: serverKey(id),
    serverId: id,
    syncState: 'synced',
    serverCopy: object,
  } as MirrorRow;
  await db.categories.put(row);
  return row;
}

const outbox = () => db.outbox.orderBy('seq').toArray();

describe('createRecord', () => {
  it('shows the row at once and queues its create, in one go', async () => {
    const row = await createRecord(db, 'categories', { name: 'History' });
    expect(row.localId).toMatch(/^local-/);
    expect(await db.categories.get(row.localId)).toMatchObject({ name: 'History', serverId: null, syncState: 'pending' });
    const [entry] = await outbox();
    expect(entry).toMatchObject({
      kind: 'create',
      entity: 'categories',
      localId: row.localId,
      payload: { name: 'History' },
      status: 'pending',
      attempts: 0,
    });
    expect(entry?.opId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('saves nothing and says so when the device is full', async () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(quota);
    await expect(createRecord(db, 'categories', { name: 'History' })).rejects.toBeInstanceOf(LocalStorageFullError);
    expect(await db.categories.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('points a question at an unsynced category by its local id, and waits for it', async () => {
    const category = await createRecord(db, 'categories', { name: 'History' });
    await createRecord(db, 'questions', aQuestion({ category: category.localId }));
    const entry = (await outbox())[1];
    expect(entry).toMatchObject({ payload: { category: category.localId }, dependsOn: [category.localId] });
  });

  it('points at a synced category by its server id, whatever key the screen gave', async () => {
    await serverRow(12, 'Science');
    await createRecord(db, 'questions', aQuestion({ description: 'Why?', category: 's-12' }));
    await createRecord(db, 'quizzes', aQuiz({ questions: [] }));
    expect((await outbox())[0]).toMatchObject({ payload: { category: 12 }, dependsOn: [] });
  });
});

describe('updateRecord', () => {
  it('merges an edit into a create that has not been sent', async () => {
    const row = await createRecord(db, 'categories', { name: 'Histroy' });
    await updateRecord(db, 'categories', row.localId, { name: 'History' });
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'create', payload: { name: 'History' } });
    expect(await db.categories.get(row.localId)).toMatchObject({ name: 'History' });
  });

  it('queues an edit of a synced row on its version, and merges the next edit into it', async () => {
    await serverRow(12, 'Science');
    await updateRecord(db, 'categories', 's-12', { name: 'Sciences' });
    await updateRecord(db, 'categories', 's-12', { name: 'Natural sciences' });
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'update', baseVersion: 3, payload: { name: 'Natural sciences' } });
    expect(await db.categories.get('s-12')).toMatchObject({ name: 'Natural sciences', syncState: 'pending' });
  });

  it('does not merge into a change that was sent without an answer (it may have been applied)', async () => {
    const row = await createRecord(db, 'categories', { name: 'History' });
    const [create] = await outbox();
    await db.outbox.update(create!.seq!, { attempts: 1, nextAttemptAt: Date.now() + 1000 });
    await updateRecord(db, 'categories', row.localId, { name: 'World history' });
    expect((await outbox()).map((entry) => entry.kind)).toEqual(['create', 'update']);
  });

  it('makes a refused change pending again with the fix, under a new Idempotency-Key', async () => {
    await serverRow(12, 'Science');
    await updateRecord(db, 'categories', 's-12', { name: '' });
    const [refused] = await outbox();
    await db.outbox.update(refused!.seq!, { status: 'failed', attempts: 1, lastError: { status: 400, message: 'blank', fieldErrors: {} } });
    await updateRecord(db, 'categories', 's-12', { name: 'Science!' });
    const [fixed] = await outbox();
    expect(fixed).toMatchObject({ status: 'pending', attempts: 0, lastError: null, payload: { name: 'Science!' } });
    expect(fixed?.opId).not.toBe(refused?.opId);
  });
});

describe('deleteRecord', () => {
  it('cancels a create that never left, and its edits', async () => {
    const row = await createRecord(db, 'categories', { name: 'History' });
    await deleteRecord(db, 'categories', row.localId);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.categories.count()).toBe(0);
  });

  it('queues a delete that supersedes unsent edits, keeping the row to restore', async () => {
    await serverRow(12, 'Science');
    await updateRecord(db, 'categories', 's-12', { name: 'Sciences' });
    await deleteRecord(db, 'categories', 's-12');
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'delete', localId: 's-12', baseVersion: 3 });
    expect(entries[0]?.removedRows?.[0]).toMatchObject({ localId: 's-12' });
    expect(await db.categories.count()).toBe(0);
  });

  it('bulk deletes: cancels never-sent rows, queues one bulk delete for the others', async () => {
    await serverRow(12, 'Science');
    await serverRow(13, 'Art');
    const fresh = await createRecord(db, 'categories', { name: 'New' });
    await bulkDeleteRecords(db, 'categories', ['s-12', fresh.localId, 's-13']);
    const entries = await outbox();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'bulkDelete', payload: { localIds: ['s-12', 's-13'] } });
    expect(await db.categories.count()).toBe(0);
  });
});

describe('keys', () => {
  it('opens a row by server id, by "s-" key or by local id, before and after it has a server id', async () => {
    await serverRow(12, 'Science');
    const fresh = await createRecord(db, 'categories', { name: 'New' });
    expect(routeKeyOf(fresh)).toBe(fresh.localId);
    expect((await findRowByKey(db, 'categories', '12'))?.localId).toBe('s-12');
    expect((await findRowByKey(db, 'categories', 's-12'))?.localId).toBe('s-12');
    await db.categories.update(fresh.localId, { serverId: 40 });
    const synced = await findRowByKey(db, 'categories', fresh.localId);
    expect(synced && routeKeyOf(synced)).toBe('40');
    expect((await findRowByKey(db, 'categories', 40))?.localId).toBe(fresh.localId);
  });
});
