import { Group, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyDone, notifyError } from './notify';
import { PrimaryAction, SecondaryAction } from './actions';

/** A name as checked before saving: the name to save, or the message that shows under the field. */
export type CheckedName = { name: string } | { error: string };

interface EditNameFormProps {
  /** The form's accessible name, e.g. "Edit category". */
  label: string;
  initialName: string;
  maxLength: number;
  /** Where Cancel and a saved change go. */
  back: string;
  check: (name: string) => CheckedName;
  save: (name: string) => Promise<unknown>;
  /** The notices after saving, e.g. "Category updated" and "The category could not be updated". */
  savedMessage: string;
  failedMessage: string;
  /** The server's refusals of an earlier save of this row, shown under the field until the name is changed. */
  refused?: Record<string, string[]>;
}

/** The edit screen of a record that is only a name: the required Name field, Cancel and Update. */
export function EditNameForm({
  label,
  initialName,
  maxLength,
  back,
  check,
  save,
  savedMessage,
  failedMessage,
  refused,
}: EditNameFormProps) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { name: initialName } });
  const { setFieldError } = form;
  useEffect(() => {
    if (refused?.name?.length) setFieldError('name', refused.name.join(' '));
  }, [refused, setFieldError]);

  const submit = form.onSubmit(async ({ name }) => {
    const checked = check(name);
    if ('error' in checked) {
      form.setFieldError('name', checked.error);
      return;
    }
    setSaving(true);
    try {
      await save(checked.name);
      notifyDone(savedMessage);
      navigate(back);
    } catch (error) {
      notifyError(error, failedMessage);
      setSaving(false);
    }
  });

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <TextInput label="Name" withAsterisk required maxLength={maxLength} {...form.getInputProps('name')} />
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
