import type { EntityName } from './db';

/**
 * What the local layer knows about a mirrored entity: which payload fields point at other
 * entities' rows (so a change waits for the rows it needs, and local ids get replaced by server
 * ids). URLs stay in api/; the sync engine joins the two.
 */
export interface EntityDescriptor {
  name: EntityName;
  /** Payload field -> the entity it references; the field holds one key or a list of keys. */
  references: Readonly<Record<string, EntityName>>;
}

export const entityDescriptors: Readonly<Record<EntityName, EntityDescriptor>> = {
  categories: { name: 'categories', references: {} },
  questions: { name: 'questions', references: { category: 'categories' } },
  quizzes: { name: 'quizzes', references: { questions: 'questions' } },
  polls: { name: 'polls', references: {} },
  pollChoices: { name: 'pollChoices', references: { question: 'polls' } },
};

/** Calls `visit` for every reference held by `payload`, with the value found there. */
export function forEachReference(
  entity: EntityName,
  payload: Record<string, unknown>,
  visit: (field: string, target: EntityName, value: unknown) => void,
): void {
  for (const [field, target] of Object.entries(entityDescriptors[entity].references)) {
    if (field in payload) visit(field, target, payload[field]);
  }
}

/** Replaces references in a payload or row by `map(target, value)`; lists are mapped item by item. */
export function mapReferences<T extends Record<string, unknown>>(
  entity: EntityName,
  record: T,
  map: (target: EntityName, value: unknown) => unknown,
): T {
  let changed: Record<string, unknown> | null = null;
  forEachReference(entity, record, (field, target, value) => {
    const next = Array.isArray(value) ? value.map((item) => map(target, item)) : map(target, value);
    const same = Array.isArray(value) ? (next as unknown[]).every((item, index) => item === value[index]) : next === value;
    if (!same) {
      changed ??= { ...record };
      changed[field] = next;
    }
  });
  return (changed ?? record) as T;
}
