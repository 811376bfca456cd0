import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { createPoll } from '../../store/polls';
import { notifyDone, notifyError } from '../../ui/notify';
import { PollForm } from './PollForm';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../lib/paths';

function AddPoll() {
  const navigate = useNavigate();
  return (
    <Stack maw={640}>
      <Title order={1}>Add Poll</Title>
      <PollForm
        mode="create"
        initialValues={{ name: '', join_code: '', poll_hash: '', show_options: false, show_total_votes: false, qr_image: null }}
        onCancel={() => navigate(paths.listPolls())}
        onSubmit={async (payload) => {
          try {
            // Queued (online and offline); the server's hash and dates arrive with its answer.
            await createPoll({ active: true, ...payload });
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

/** /add-polls: Name, Join code, the two checkboxes, an optional QR image, Cancel and Create Poll. */
export function AddPollScreen() {
  return (
    <RequirePolls>
      <AddPoll />
    </RequirePolls>
  );
}
