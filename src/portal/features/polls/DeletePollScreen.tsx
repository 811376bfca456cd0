import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useFollowServerId } from '../../store/follow-server-id';
import { deletePoll, pollsMirror, usePoll } from '../../store/polls';
import { DeleteConfirmation } from '../../ui/DeleteConfirmation';
import { notifyDone, notifyError } from '../../ui/notify';
import { MissingRecord } from '../../ui/MissingRecord';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../../lib/paths';

/** The specification's message for a failed delete. */
export const DELETE_FAILED_MESSAGE = 'There was an error!';
function DeletePoll() {
  const { id } = useParams();
  const navigate = useNavigate();
  const row = usePoll(id);
  useFollowServerId(pollsMirror, id, row?.serverId, paths.deletePoll);
  if (!row) {
    return (
      <Stack maw={560}>
        <Title order={1}>Delete Poll</Title>
        {row === undefined ? (
          <Text c="dimmed">Loading…</Text>
        ) : (
          <MissingRecord what="poll" back={paths.listPolls()} backLabel="Back to the polls" />
        )}
      </Stack>
    );
  }
  return (
    <DeleteConfirmation
      title="Delete Poll"
      question="Are you sure you want to delete this Poll?"
      subject={row.name}
      onCancel={() => navigate(paths.listPolls())}
      onDelete={async () => {
        try {
          // Queued; the server deletes the poll's choices with it.
          await deletePoll(row.localId);
          notifyDone('Poll deleted');
          navigate(paths.listPolls());
        } catch (error) {
          notifyError(error, DELETE_FAILED_MESSAGE);
        }
      }}
    />
  );
}

/** /list-polls/:id/delete: the confirmation, then back to /list-polls. */
export function DeletePollScreen() {
  return (
    <RequirePolls>
      <DeletePoll />
    </RequirePolls>
  );
}
