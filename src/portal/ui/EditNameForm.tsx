import { Group, Paper, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PrimaryAction, SecondaryAction } from './actions';
import { useNameForm, type NameFormOptions } from './use-name-form';

interface EditNameFormProps extends Omit<NameFormOptions, 'onSaved'> {
  /** The form's accessible name, e.g. "Edit category". */
  label: string;
  initialName: string;
  maxLength: number;
  /** Where Cancel and a saved change go. */
  back: string;
  /** The server's refusals of an earlier save of this row, shown under the field until the name is changed. */
  refused?: Record<string, string[]>;
}

/** The edit screen of a record that is only a name: the required Name field, Cancel and Update. */
export function EditNameForm({ label, initialName, maxLength, back, refused, ...options }: EditNameFormProps) {
  const navigate = useNavigate();
  const { form, saving: busy, submit } = useNameForm(initialName, { ...options, onSaved: () => navigate(back) });
  const { setFieldError } = form;
  useEffect(() => {
    if (refused?.name?.length) setFieldError('name', refused.name.join(' '));
  }, [refused, setFieldError]);

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label={label}>
      <Stack>
        <TextInput label="Name" withAsterisk required maxLength={maxLength} {...form.getInputProps('name')} />
        <Group>
          <SecondaryAction onClick={() => navigate(back)}>Cancel</SecondaryAction>
          <PrimaryAction type="submit" loading={busy}>
            Update
          </PrimaryAction>
        </Group>
      </Stack>
    </Paper>
  );
}
