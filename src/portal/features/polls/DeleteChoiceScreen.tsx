import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { deleteChoice, useChoice } from '../../store/polls';
import { DeleteConfirmation } from '../../ui/DeleteConfirmation';
import { notifyDone, notifyError } from '../../ui/notify';
import { DELETE_FAILED_MESSAGE } from './DeletePollScreen';
import { MissingRecord } from '../../ui/MissingRecord';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../../lib/paths';

function DeleteChoice() {
  const { id = '', choiceId } = useParams();
  const navigate = useNavigate();
  const row = useChoice(choiceId);
  const back = paths.editPoll(id);
  if (!row) {
    return (
      <Stack maw={560}>
        <Title order={1}>Delete Choice</Title>
        {row === undefined ? <Text c="dimmed">Loading…</Text> : <MissingRecord what="choice" back={back} backLabel="Back to the poll" />}
      </Stack>
    );
  }
  return (
    <DeleteConfirmation
      title="Delete Choice"
      question="Are you sure you want to delete this Choice?"
      subject={row.name}
      onCancel={() => navigate(back)}
      onDelete={async () => {
        try {
          await deleteChoice(row.localId);
          notifyDone('Choice deleted');
          navigate(back);
        } catch (error) {
          notifyError(error, DELETE_FAILED_MESSAGE);
        }
      }}
    />
  );
}

/** /list-polls/:id/update/choices/:choiceId/delete: the confirmation, then back to the poll. */
export function DeleteChoiceScreen() {
  return (
    <RequirePolls>
      <DeleteChoice />
    </RequirePolls>
  );
}
