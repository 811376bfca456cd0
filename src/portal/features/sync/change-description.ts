import { routeKeyOf, type MirrorRow } from '../../store/mirror';
import type { EntityName, OutboxEntry, OutboxError } from '../../store/outbox';
import { paths } from '../../../lib/paths';

/*
 * Queued changes in the user's words: "Create category “Music”", "Delete 3 questions", and where to
 * go to fix one. Pure, so every screen describes a change the same way.
 */

const nouns: Record<EntityName, { one: string; many: string; nameField: string }> = {
  categories: { one: 'category', many: 'categories', nameField: 'name' },
  questions: { one: 'question', many: 'questions', nameField: 'description' },
  quizzes: { one: 'quiz', many: 'quizzes', nameField: 'name' },
  polls: { one: 'poll', many: 'polls', nameField: 'name' },
  pollChoices: { one: 'poll choice', many: 'poll choices', nameField: 'name' },
};

const verbs = { create: 'Create', update: 'Edit', delete: 'Delete' } as const;

/** The name a change is about: from its payload, the row it removed, or the row as it is now. */
export function changeSubject(entry: OutboxEntry, row?: Pick<MirrorRow, 'localId'> & Record<string, unknown>): string | null {
  const field = nouns[entry.entity].nameField;
  const payload: Readonly<Record<string, unknown>> = entry.payload;
  const candidates = [payload[field], entry.removedRows?.[0]?.[field as keyof MirrorRow], row?.[field]];
  const name = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return name ?? null;
}

/** "Create category “Music”", "Edit question “Who…”", "Delete 3 categories". */
export function describeChange(entry: OutboxEntry, row?: Pick<MirrorRow, 'localId'> & Record<string, unknown>): string {
  const noun = nouns[entry.entity];
  if (entry.kind === 'bulkDelete') {
    const count = entry.payload.localIds.length;
    return `Delete ${count} ${count === 1 ? noun.one : noun.many}`;
  }
  const subject = changeSubject(entry, row);
  return `${verbs[entry.kind]} ${noun.one}${subject ? ` “${subject}”` : ''}`;
}

/** "3 waiting" for the top bar. */
export function waitingText(count: number): string {
  return `${count} waiting`;
}

/** "1 change", "2 changes". */
export function changesText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

/** The server's field errors as sentences: "name: category with this name already exists." */
export function fieldErrorLines(fieldErrors: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(fieldErrors)
    .filter(([field]) => field !== 'detail' && field !== 'non_field_errors')
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`);
}

/** Field errors other than the one already shown as the error's message. */
export function otherFieldErrors(error: OutboxError | null): string[] {
  if (!error) return [];
  return fieldErrorLines(error.fieldErrors).filter((line) => !line.endsWith(`: ${error.message}`));
}

/** The edit screen of a row, where the user fixes a failed change (null where no screen edits it). */
export function editRouteOf(entity: EntityName, row: Pick<MirrorRow, 'localId' | 'serverId'> & Record<string, unknown>): string | null {
  const key = routeKeyOf(row);
  switch (entity) {
    case 'categories':
      return paths.editCategory(key);
    case 'questions':
      return paths.editQuestion(key);
    case 'quizzes':
      return paths.editQuiz(key);
    case 'polls':
      return paths.editPoll(key);
    case 'pollChoices':
      return typeof row.question === 'number' || typeof row.question === 'string' ? paths.editChoice(row.question, key) : null;
  }
}

/**
 * Whether the Sync screen offers Discard. Never while it is being sent. A create sent without an answer may exist
 * on the server: dropping it here would leave that copy unseen, so it is kept and resent under the same key. An
 * edit or delete sent without an answer can go: the row goes back to the server's copy, and if the change did
 * reach the server, the next pull brings the server's version anyway.
 */
export function canDiscard(entry: Pick<OutboxEntry, 'kind' | 'status' | 'attempts'>): boolean {
  if (entry.status === 'sending') return false;
  return entry.status !== 'pending' || entry.attempts === 0 || entry.kind !== 'create';
}
