import { updateRecord } from '../local/commands';
import { PortalDatabase, type MirrorRow } from '../local/db';
import { mergePulled, removeGone } from './mirror';

// mergePulled on its own: what a pull does to rows that are synced, new, edited here, or of another entity.

let db: PortalDatabase;

beforeEach(() => {
  db = new PortalDatabase(`mirror-${crypto.randomUUID()}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

const merge = (entity: 'categories' | 'questions', objects: { id: number; [field: string]: unknown }[]) =>
  db.transaction('rw', db.syncTables(), () => mergePulled(db, entity, objects));

describe('mergePulled', () => {
  it('adds new objects, replaces changed synced rows and leaves unchanged ones alone', async () => {
    await merge('categories', [
      { id: 1, name: 'Maths', version: 1 },
      { id: 2, name: 'Art', version: 1 },
    ]);
    const before = await db.categories.get('s-2');
    await merge('categories', [
      { id: 1, name: 'Algebra', version: 2 },
      { id: 2, name: 'Art', version: 1 },
      { id: 3, name: 'Music', version: 1 },
    ]);
    const rows = (await db.categories.toArray()) as (MirrorRow & { name: string })[];
    expect(rows.map((row) => [row.localId, row.name, row.syncState])).toEqual([
      ['s-1', 'Algebra', 'synced'],
      ['s-2', 'Art', 'synced'],
      ['s-3', 'Music', 'synced'],
    ]);
    expect(await db.categories.get('s-2')).toEqual(before);
  });

  it('keeps what the user sees on a row with queued changes, moving only its copy of the server state', async () => {
    await merge('categories', [{ id: 1, name: 'Maths', version: 1 }]);
    await updateRecord(db, 'categories', 's-1', { name: 'Mine' });
    await merge('categories', [{ id: 1, name: 'Theirs', version: 2 }]);
    const row = (await db.categories.get('s-1')) as MirrorRow & { name: string };
    expect(row.name).toBe('Mine');
    expect(row.serverCopy).toEqual({ id: 1, name: 'Theirs', version: 2 });
  });

  it('does not take a queued change of another entity with the same server id for one of this row', async () => {
    await merge('categories', [{ id: 7, name: 'Maths', version: 1 }]);
    await merge('questions', [{ id: 7, question: 'Old?', version: 1 }]);
    await updateRecord(db, 'categories', 's-7', { name: 'Mine' });
    await merge('questions', [{ id: 7, question: 'New?', version: 2 }]);
    expect(await db.questions.get('s-7')).toMatchObject({ question: 'New?', version: 2, syncState: 'synced' });
  });

  it('removes rows the server no longer has, keeping those with queued changes of their own only', async () => {
    await merge('categories', [
      { id: 7, name: 'Maths', version: 1 },
      { id: 8, name: 'Art', version: 1 },
    ]);
    await merge('questions', [{ id: 7, question: 'Gone?', version: 1 }]);
    await updateRecord(db, 'categories', 's-7', { name: 'Mine' });
    await db.transaction('rw', db.syncTables(), async () => {
      await removeGone(db, 'questions', () => true);
      await removeGone(db, 'categories', () => true);
    });
    expect(await db.questions.count()).toBe(0);
    expect((await db.categories.toArray()).map((row) => row.localId)).toEqual(['s-7']);
  });
});
