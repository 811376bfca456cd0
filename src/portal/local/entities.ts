import type { EntityName } from './db';
import type { CreatePayload, RowKey } from './payloads';

/**
 * What the local layer knows about a mirrored entity: which payload fields point at other
 * entities' rows (so a change waits for the rows it needs, and local ids get replaced by server
 * ids). URLs stay in api/; the sync engine joins the two.
 */
export interface EntityDescriptor<E extends EntityName = EntityName> {
  name: E;
  /** Payload field -> the entity it references; the field holds one key or a list of keys. */
  references: Readonly<Record<ReferenceField<E>, EntityName>>;
}

/**
 * The fields of an entity's payload that hold row keys (payloads.ts): each must be listed in its
 * descriptor's references, and nothing else may be, or the descriptors below do not compile.
 */
export type ReferenceField<E extends EntityName> = {
  [F in keyof CreatePayload<E>]-?: RowKey extends NonNullable<CreatePayload<E>[F]>
    ? F
    : RowKey[] extends NonNullable<CreatePayload<E>[F]>
      ? F
      : never;
}[keyof CreatePayload<E>];

export const entityDescriptors: { readonly [E in EntityName]: EntityDescriptor<E> } = {
  categories: { name: 'categories', references: {} },
  questions: { name: 'questions', references: { category: 'categories' } },
  quizzes: { name: 'quizzes', references: { questions: 'questions' } },
  polls: { name: 'polls', references: {} },
  pollChoices: { name: 'pollChoices', references: { question: 'polls' } },
};

function isRowKey(value: unknown): value is RowKey {
  return typeof value === 'string' || typeof value === 'number';
}

/** The row keys a reference field holds: one, or a list of them. */
type Reference = RowKey | RowKey[];

function isReference(value: unknown): value is Reference {
  return isRowKey(value) || (Array.isArray(value) && value.every(isRowKey));
}

/** Calls `visit` for every reference held by `record` (a payload or a mirrored row of `entity`). */
export function forEachReference(
  entity: EntityName,
  record: object,
  visit: (field: string, target: EntityName, value: Reference) => void,
): void {
  const fields: Readonly<Record<string, EntityName>> = entityDescriptors[entity].references;
  for (const [field, target] of Object.entries(fields)) {
    const value: unknown = Reflect.get(record, field);
    if (isReference(value)) visit(field, target, value);
  }
}

/** Replaces references in a payload or row by `map(target, key)`; lists are mapped item by item. */
export function mapReferences<T extends object>(entity: EntityName, record: T, map: (target: EntityName, key: RowKey) => RowKey): T {
  let changed: T | null = null;
  forEachReference(entity, record, (field, target, value) => {
    const next = Array.isArray(value) ? value.map((item) => map(target, item)) : map(target, value);
    const same = Array.isArray(value) && Array.isArray(next) ? next.every((item, index) => item === value[index]) : next === value;
    if (!same) {
      changed ??= { ...record };
      Reflect.set(changed, field, next);
    }
  });
  return changed ?? record;
}

/**
 * The record with each reference replaced by what `resolve` answers for it (looked up once per key);
 * the record itself when nothing changed.
 */
export async function resolveReferences<T extends object>(
  entity: EntityName,
  record: T,
  resolve: (target: EntityName, key: RowKey) => Promise<RowKey>,
): Promise<T> {
  const resolved = new Map<string, RowKey>();
  const lookups: Promise<void>[] = [];
  forEachReference(entity, record, (_field, target, value) => {
    for (const key of Array.isArray(value) ? value : [value])
      lookups.push(resolve(target, key).then((answer) => void resolved.set(`${target}:${key}`, answer)));
  });
  await Promise.all(lookups);
  return mapReferences(entity, record, (target, key) => resolved.get(`${target}:${key}`) ?? key);
}
