import { useMemo } from 'react';
import { useChoiceRowsOf } from '../../store/polls';
import { isChoiceOf, orderedChoices, type ChoiceRow, type PollRow } from './poll-rows';

/** The poll's choices, also those added offline to a poll still waiting to sync, in the order they were added. */
export function useChoices(poll: PollRow | null | undefined): ChoiceRow[] | undefined {
  const rows = useChoiceRowsOf(poll);
  return useMemo(() => (rows && poll ? orderedChoices(rows.filter((row) => isChoiceOf(row, poll))) : rows), [rows, poll]);
}
