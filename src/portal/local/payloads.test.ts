import type { OutboxEntry } from './db';
import { createRecord, updateRecord } from './commands';
import type { CreatePayload, OutboxChange, UpdatePayload } from './payloads';

// The outbox's payloads are typed per entity and kind from the contract: these lines only compile while a
// wrong payload for an entity is refused (`npx tsc -b` checks the @ts-expect-error lines; vitest checks the rest).

describe('outbox payload types', () => {
  it('types each entity’s create and update from its request schema, references as row keys', () => {
    expectTypeOf<CreatePayload<'categories'>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<CreatePayload<'questions'>['category']>().toEqualTypeOf<number | string>();
    expectTypeOf<CreatePayload<'questions'>['image']>().toEqualTypeOf<Blob | undefined>();
    expectTypeOf<UpdatePayload<'questions'>['image']>().toEqualTypeOf<Blob | null | undefined>();
    expectTypeOf<UpdatePayload<'questions'>['image_clear']>().toEqualTypeOf<true | undefined>();
    expectTypeOf<CreatePayload<'quizzes'>['questions']>().toEqualTypeOf<(number | string)[] | undefined>();
    expectTypeOf<CreatePayload<'quizzes'>['qs_timer']>().toEqualTypeOf<number>();
    expectTypeOf<CreatePayload<'polls'>['show_options']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<CreatePayload<'pollChoices'>['question']>().toEqualTypeOf<number | string>();
  });

  it('refuses a payload of another entity or kind', () => {
    const db = null as never;
    // @ts-expect-error a question needs its options, correct option and category
    void (() => createRecord(db, 'questions', { name: 'History' }));
    // @ts-expect-error a category has no description
    void (() => updateRecord(db, 'categories', 'local-1', { description: 'Who?' }));
    // @ts-expect-error a quiz's questions are row keys, not questions
    void (() => updateRecord(db, 'quizzes', 'local-1', { questions: [{ id: 1 }] }));
    // @ts-expect-error a poll choice's votes are a number
    void (() => updateRecord(db, 'pollChoices', 'local-1', { votes: 'many' }));
    // @ts-expect-error a poll's QR image is a file
    void (() => updateRecord(db, 'polls', 'local-1', { qr_image: 'http://host/qr.png' }));
  });

  it('narrows a queued change by entity and kind', () => {
    const read = (change: OutboxChange | OutboxEntry) => {
      if (change.entity === 'questions' && change.kind === 'create')
        expectTypeOf(change.payload).toEqualTypeOf<CreatePayload<'questions'>>();
      if (change.kind === 'bulkDelete') return change.payload.localIds;
      // @ts-expect-error an update's payload is not a bulk delete's
      if (change.kind === 'update') return change.payload.localIds;
      return [];
    };
    expect(read({ entity: 'questions', kind: 'bulkDelete', payload: { localIds: ['local-1'] } })).toEqual(['local-1']);
  });
});
