import { Switch } from '@mantine/core';
import { updatePoll } from '../../store/polls';
import { notifyError } from '../../ui/notify';
import type { PollRow } from './poll-rows';

/** Whether the poll takes votes: the server's default for a poll without the field is open. */
export const pollIsActive = (row: Pick<PollRow, 'active'>): boolean => row.active ?? true;

/**
 * The List Polls row's switch that opens and closes the poll for voting. It is the poll's `active` field,
 * an edit like Edit Poll's: queued in the outbox (offline too) and sent by sync, the row marked as waiting until the
 * server has it; the server then refuses votes (403) while the poll is closed.
 */
export function PollActiveSwitch({ row }: { row: PollRow }) {
  const active = pollIsActive(row);
  const toggle = async (open: boolean) => {
    try {
      await updatePoll(row.localId, { active: open });
    } catch (error) {
      notifyError(error, 'The poll could not be changed');
    }
  };
  return (
    <Switch
      size="lg"
      checked={active}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={`${row.name}: open for voting`}
      // The switch's label element is what takes the tap: 44 px high, the touch target.
      styles={{ body: { paddingBlock: 7, cursor: 'pointer' } }}
    />
  );
}
