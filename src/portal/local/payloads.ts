import type { CategoryPatchPayload, CategoryPayload } from '../../lib/contract/category';
import type {
  PollFile,
  pollChoiceCreatePayload,
  pollChoiceUpdatePayload,
  pollCreatePayload,
  pollUpdatePayload,
} from '../../lib/contract/poll';
import type { QuestionFile, questionCreatePayload, questionUpdatePayload } from '../../lib/contract/question';
import type { QuizFile, quizPatchPayload, quizPayload } from '../../lib/contract/quiz';
import type { FileChanges, FileUploads, RequestBody } from '../../lib/contract/write-body';
import type { EntityName } from './db';

/*
 * What the outbox queues for each entity, typed from the request schemas the server validates the same
 * writes with (src/lib/contract). Two differences from the body sent: a reference holds a row key until
 * the row is on the server (push.ts resolves it), and a file is a Blob kept in IndexedDB until sent.
 */

/** A reference to another row: its server id, or its local id while the server has not given it one. */
export type RowKey = number | string;

/** A request body whose reference fields hold row keys. */
type WithKeys<Body, Keys> = Omit<Body, keyof Keys> & Keys;

/** The payload of each entity's create and update (one member per EntityName). */
export interface EntityPayloads extends Record<EntityName, { create: object; update: object }> {
  categories: { create: CategoryPayload; update: CategoryPatchPayload };
  questions: {
    create: WithKeys<RequestBody<typeof questionCreatePayload>, { category: RowKey }> & FileUploads<QuestionFile>;
    update: WithKeys<RequestBody<typeof questionUpdatePayload>, { category?: RowKey }> & FileChanges<QuestionFile>;
  };
  quizzes: {
    /** `questions` in the quiz's order. */
    create: WithKeys<RequestBody<typeof quizPayload>, { questions?: RowKey[] }> & FileUploads<QuizFile>;
    update: WithKeys<RequestBody<typeof quizPatchPayload>, { questions?: RowKey[] }> & FileChanges<QuizFile>;
  };
  polls: {
    create: RequestBody<typeof pollCreatePayload> & FileUploads<PollFile>;
    update: RequestBody<typeof pollUpdatePayload> & FileChanges<PollFile>;
  };
  pollChoices: {
    /** `question` is the poll. */
    create: WithKeys<RequestBody<typeof pollChoiceCreatePayload>, { question: RowKey }>;
    update: WithKeys<RequestBody<typeof pollChoiceUpdatePayload>, { question?: RowKey }>;
  };
}

export type CreatePayload<E extends EntityName> = EntityPayloads[E]['create'];
export type UpdatePayload<E extends EntityName> = EntityPayloads[E]['update'];

/** A bulk delete's payload: the rows it deletes, by local id. */
export type BulkDeletePayload = { localIds: string[] };

/** A delete carries nothing but the row's key (in the entry). */
export type DeletePayload = Record<string, never>;

/** One queued change of `E` (by default of any entity): a union keyed by entity, then by kind. */
export type OutboxChange<E extends EntityName = EntityName> = {
  [K in E]:
    | { entity: K; kind: 'create'; payload: CreatePayload<K> }
    | { entity: K; kind: 'update'; payload: UpdatePayload<K> }
    | { entity: K; kind: 'delete'; payload: DeletePayload }
    | { entity: K; kind: 'bulkDelete'; payload: BulkDeletePayload };
}[E];

/** The fields a change of any entity may hold (the Sync screen lists them; a retry merges a fix into them). */
export type AnyPayload = OutboxChange['payload'];
