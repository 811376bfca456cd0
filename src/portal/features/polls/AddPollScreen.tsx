import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { createChoice, createPoll } from '../../store/polls';
import { notifyDone, notifyError } from '../../ui/notify';
import { PollForm } from './PollForm';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../../lib/paths';

function AddPoll() {
  const navigate = useNavigate();
  return (
    <Stack maw={640}>
      <Title order={1}>Add Poll</Title>
      <PollForm
        mode="create"
        initialValues={{
          name: '',
          join_code: '',
          poll_hash: '',
          show_options: false,
          show_total_votes: false,
          qr_image: null,
          choices: '',
        }}
        onCancel={() => navigate(paths.listPolls())}
        onSubmit={async (payload, choices) => {
          try {
            // Queued (online and offline); the server's hash and dates arrive with its answer. Each choice waits
            // for its poll, as one added on the edit page of a poll not synced yet does.
            const poll = await createPoll({ active: true, ...payload });
            for (const name of choices) await createChoice({ name, votes: 0, question: poll.localId });
            notifyDone('Poll added');
            navigate(paths.listPolls());
          } catch (error) {
            notifyError(error, 'The poll could not be added');
          }
        }}
      />
    </Stack>
  );
}

/** /add-polls: Name, Join code, the choices, the two checkboxes, an optional QR image, Cancel and Create Poll. */
export function AddPollScreen() {
  return (
    <RequirePolls>
      <AddPoll />
    </RequirePolls>
  );
}
