import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useFollowServerId } from '../../store/follow-server-id';
import { useRefusedFieldErrors } from '../../store/outbox';
import { pollsMirror, updatePoll, usePoll } from '../../store/polls';
import { notifyDone, notifyError } from '../../ui/notify';
import { ChoicesSection } from './ChoicesSection';
import { MissingRecord } from '../../ui/MissingRecord';
import { changedPollFields } from './poll-payload';
import type { PollRow } from './poll-rows';
import { PollForm } from './PollForm';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../../lib/paths';

function EditPollForm({ row }: { row: PollRow }) {
  const navigate = useNavigate();
  const refused = useRefusedFieldErrors(row.localId);
  return (
    <PollForm
      mode="edit"
      serverErrors={refused}
      initialValues={{
        name: row.name,
        join_code: row.join_code,
        poll_hash: row.poll_hash ?? '',
        show_options: row.show_options,
        show_total_votes: row.show_total_votes,
        qr_image: row.qr_image ?? null,
      }}
      onCancel={() => navigate(paths.listPolls())}
      onSubmit={async (payload) => {
        try {
          await updatePoll(row.localId, changedPollFields(row, payload));
          notifyDone('Poll updated');
          navigate(paths.listPolls());
        } catch (error) {
          notifyError(error, 'The poll could not be updated');
        }
      }}
    />
  );
}

function EditPoll() {
  const { id } = useParams();
  const row = usePoll(id);
  useFollowServerId(pollsMirror, id, row?.serverId, paths.editPoll);
  return (
    <Stack maw={760}>
      <Title order={1}>Edit Poll</Title>
      {row === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : row === null ? (
        <MissingRecord what="poll" back={paths.listPolls()} backLabel="Back to the polls" />
      ) : (
        <>
          {!row.poll_hash && <Text c="dimmed">The poll hash is given by the server when this poll is synced.</Text>}
          <EditPollForm key={`${row.localId}:${row.poll_hash ?? ''}`} row={row} />
          <ChoicesSection poll={row} />
        </>
      )}
    </Stack>
  );
}

/** /list-polls/:id/update (a local id before sync): the poll's fields, Update Poll, and its choices. */
export function EditPollScreen() {
  return (
    <RequirePolls>
      <EditPoll />
    </RequirePolls>
  );
}
