import { categoriesApi } from '../api/categories';
import { questionsApi } from '../api/questions';
import { quizzesApi } from '../api/quizzes';
import { pollChoicesApi } from '../api/poll-choices';
import { pollsApi } from '../api/polls';
import type { Resource } from '../api/resource';
import type { EntityName, ServerObject } from '../local/db';

/** A mirrored entity joined with its REST resource. */
export interface SyncedEntity {
  name: EntityName;
  api: Resource<ServerObject>;
}

/** Pulled in this order (referenced entities first). Questions, quizzes, polls and choices join here. */
export const syncedEntities: readonly SyncedEntity[] = [
  { name: 'categories', api: categoriesApi },
  { name: 'questions', api: questionsApi },
  { name: 'quizzes', api: quizzesApi },
  { name: 'polls', api: pollsApi },
  { name: 'pollChoices', api: pollChoicesApi },
];
