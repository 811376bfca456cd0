import { pollChoice, type PollChoice } from '../../lib/contract/poll';
import { emptyWhenForbidden } from './polls';
import { resource, type Resource } from './resource';

export type { PollChoice } from '../../lib/contract/poll';

/** GET/POST /api/v1/poll-choices/, GET/PATCH/DELETE /api/v1/poll-choices/{id}/ with JSON {name, votes, question}. */
export const pollChoicesApi: Resource<PollChoice> = emptyWhenForbidden(
  resource<PollChoice>({ path: 'api/v1/poll-choices/' }, { item: pollChoice, one: pollChoice }),
);
