import type { OutboxEntry } from '../../store/outbox';
import { canDiscard, changesText, describeChange, editRouteOf, fieldErrorLines, waitingText } from './change-description';

/** A queued change with the given fields; its payload holds only what the description reads. */
function entry(fields: Partial<OutboxEntry>): OutboxEntry {
  const change = {
    opId: 'op',
    entity: 'categories',
    kind: 'create',
    localId: 'local-1',
    baseVersion: null,
    payload: {},
    dependsOn: [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    conflict: null,
    createdAt: 0,
    ...fields,
  };
  return change as OutboxEntry;
}

describe('change description', () => {
  it('names a create, an edit and a delete by what they touch', () => {
    expect(describeChange(entry({ payload: { name: 'Music' } }))).toBe('Create category “Music”');
    expect(describeChange(entry({ kind: 'update', payload: { name: 'Jazz' } }))).toBe('Edit category “Jazz”');
    const removed = { localId: 's-4', serverId: 4, syncState: 'synced', serverCopy: null, name: 'Old' } as const;
    expect(describeChange(entry({ kind: 'delete', removedRows: [removed] }))).toBe('Delete category “Old”');
    expect(describeChange(entry({ entity: 'questions', payload: { description: 'Who?' } }))).toBe('Create question “Who?”');
  });

  it('falls back to the row as it is now, or to the kind alone', () => {
    expect(describeChange(entry({ kind: 'update', payload: {} }), { localId: 'local-1', name: 'Now' })).toBe('Edit category “Now”');
    expect(describeChange(entry({ kind: 'update' }))).toBe('Edit category');
    expect(describeChange(entry({ kind: 'bulkDelete', entity: 'questions', payload: { localIds: ['a', 'b', 'c'] } }))).toBe(
      'Delete 3 questions',
    );
  });

  it('counts for the top bar and the logout question', () => {
    expect(waitingText(3)).toBe('3 waiting');
    expect(changesText(1)).toBe('1 change');
    expect(changesText(2)).toBe('2 changes');
  });

  it('lists field errors and leads to the edit screen of the row', () => {
    expect(fieldErrorLines({ name: ['category with this name already exists.'], detail: ['x'] })).toEqual([
      'name: category with this name already exists.',
    ]);
    expect(editRouteOf('categories', { localId: 'local-9', serverId: null })).toBe('/add-category/local-9/update');
    expect(editRouteOf('categories', { localId: 'local-9', serverId: 12 })).toBe('/add-category/12/update');
    expect(editRouteOf('pollChoices', { localId: 's-3', serverId: 3, question: 8 })).toBe('/list-polls/8/update/choices/3/update');
  });
});

describe('canDiscard', () => {
  it('offers Discard for a queued edit or delete even after a try, but not a create sent without an answer', () => {
    expect(canDiscard(entry({ kind: 'update', status: 'pending', attempts: 2 }))).toBe(true);
    expect(canDiscard(entry({ kind: 'delete', status: 'pending', attempts: 1 }))).toBe(true);
    expect(canDiscard(entry({ kind: 'create', status: 'pending', attempts: 0 }))).toBe(true);
    expect(canDiscard(entry({ kind: 'create', status: 'pending', attempts: 1 }))).toBe(false);
    expect(canDiscard(entry({ kind: 'create', status: 'failed', attempts: 1 }))).toBe(true);
    expect(canDiscard(entry({ kind: 'update', status: 'sending', attempts: 0 }))).toBe(false);
  });
});
