import { useLiveQuery } from 'dexie-react-hooks';
import type { Poll, PollChoice } from '../../lib/contract/poll';
import { findRow, mirrorOf, queueCreate, queueDelete, queueUpdate, useRow, useRows, type MirrorOf } from './mirror';
import type { CreatePayload, UpdatePayload } from '../local/payloads';
import { useListedRows, type Listed } from './listed';

/** A mirrored poll: the contract's poll; fields the server fills (hash, dates) are absent on a poll created offline. */
export type PollRow = MirrorOf<Poll, 'name' | 'join_code' | 'show_options' | 'show_total_votes'>;

/** Every mirrored poll, live, with whether their first pull is done (the list; undefined while the database opens). */
export const useListedPolls = (): Listed<PollRow> | undefined => useListedRows(pollsMirror);

/** A mirrored choice: `question` is its poll's server id, or the poll's local id before the poll is synced. */
export type ChoiceRow = MirrorOf<PollChoice, 'name', { question: number | string }>;

/** What Add Poll queues. */
export type NewPoll = CreatePayload<'polls'>;
/** What Edit Poll and the active switch queue: the changed fields, a new QR image or its removal. */
export type PollChanges = UpdatePayload<'polls'>;

export const pollsMirror = mirrorOf<PollRow, 'polls'>('polls');
export const choicesMirror = mirrorOf<ChoiceRow, 'pollChoices'>('pollChoices');

export const usePolls = (): PollRow[] | undefined => useRows(pollsMirror);

/** The poll a route key names (server or local id): undefined while loading, null when there is none. */
export const usePoll = (key: string | undefined): PollRow | null | undefined => useRow(pollsMirror, key);
export const useChoice = (key: string | undefined): ChoiceRow | null | undefined => useRow(choicesMirror, key);
export const findPoll = (key: string | number) => findRow(pollsMirror, key);

/** The rows of choices that reference the poll by either of its keys (its local id, or its server id once known). */
export function useChoiceRowsOf(poll: Pick<PollRow, 'localId' | 'serverId'> | null | undefined): ChoiceRow[] | undefined {
  const localId = poll?.localId;
  const serverId = poll?.serverId ?? null;
  return useLiveQuery(async () => {
    if (!localId) return [];
    const keys: (string | number)[] = serverId === null ? [localId] : [localId, serverId];
    return choicesMirror.table().where('question').anyOf(keys).toArray();
  }, [localId, serverId]);
}

export const createPoll = (payload: NewPoll) => queueCreate(pollsMirror, payload);
export const updatePoll = (localId: string, changes: PollChanges) => queueUpdate(pollsMirror, localId, changes);
export const deletePoll = (localId: string) => queueDelete(pollsMirror, localId);
export const createChoice = (payload: CreatePayload<'pollChoices'>) => queueCreate(choicesMirror, payload);
export const updateChoice = (localId: string, changes: UpdatePayload<'pollChoices'>) => queueUpdate(choicesMirror, localId, changes);
export const deleteChoice = (localId: string) => queueDelete(choicesMirror, localId);
