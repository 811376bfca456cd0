import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useRefusedFieldErrors } from '../../store/outbox';
import { updateChoice, useChoice } from '../../store/polls';
import { BLANK_MESSAGE } from '../../../lib/contract/poll';
import { notifyDone, notifyError } from '../../ui/notify';
import { MissingRecord } from '../../ui/MissingRecord';
import type { ChoiceRow } from './poll-rows';
import { RequirePolls } from './RequirePolls';
import { paths } from '../../../lib/paths';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

function EditChoiceForm({ row, back }: { row: ChoiceRow; back: string }) {
  const navigate = useNavigate();
  const refused = useRefusedFieldErrors(row.localId);
  const [saving, setSaving] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { name: row.name } });
  const { setFieldError } = form;
  useEffect(() => {
    if (refused.name?.length) setFieldError('name', refused.name.join(' '));
  }, [refused, setFieldError]);

  const submit = form.onSubmit(async ({ name }) => {
    if (!name.trim()) {
      form.setFieldError('name', BLANK_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      await updateChoice(row.localId, { name: name.trim() });
      notifyDone('Choice updated');
      navigate(back);
    } catch (error) {
      notifyError(error, 'The choice could not be updated');
      setSaving(false);
    }
  });
  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label="Edit choice">
      <Stack>
        <TextInput label="Name" withAsterisk required maxLength={255} {...form.getInputProps('name')} />
        <Group>
          <SecondaryAction onClick={() => navigate(back)}>Cancel</SecondaryAction>
          <PrimaryAction type="submit" loading={saving}>
            Update
          </PrimaryAction>
        </Group>
      </Stack>
    </Paper>
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
