import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useRefusedFieldErrors } from '../../store/outbox';
import { updateChoice, useChoice } from '../../store/polls';
import { BLANK_MESSAGE } from '../../../lib/contract/poll';
import { MissingRecord } from '../../ui/MissingRecord';
import type { ChoiceRow } from './poll-rows';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../../lib/paths';
import { EditNameForm } from '../../ui/EditNameForm';

function EditChoiceForm({ row, back }: { row: ChoiceRow; back: string }) {
  const refused = useRefusedFieldErrors(row.localId);
  return (
    <EditNameForm
      label="Edit choice"
      initialName={row.name}
      maxLength={255}
      back={back}
      check={(name) => (name.trim() ? { name: name.trim() } : { error: BLANK_MESSAGE })}
      save={(name) => updateChoice(row.localId, { name })}
      savedMessage="Choice updated"
      failedMessage="The choice could not be updated"
      refused={refused}
    />
  );
}

function EditChoice() {
  const { id = '', choiceId } = useParams();
  const row = useChoice(choiceId);
  const back = paths.editPoll(id);
  return (
    <Stack maw={560}>
      <Title order={1}>Edit Choice</Title>
      {row === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : row === null ? (
        <MissingRecord what="choice" back={back} backLabel="Back to the poll" />
      ) : (
        <EditChoiceForm key={row.localId} row={row} back={back} />
      )}
    </Stack>
  );
}

/** /list-polls/:id/update/choices/:choiceId/update: the choice's name, Cancel and Update, then back to the poll. */
export function EditChoiceScreen() {
  return (
    <RequirePolls>
      <EditChoice />
    </RequirePolls>
  );
}
