import { Group, Paper, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type RefObject } from 'react';
import { notifyDone, notifyError } from './notify';
import { PrimaryAction } from './actions';
import type { CheckedName } from './EditNameForm';

interface AddNameFormProps {
  /** The form's accessible name, e.g. "Add category". */
  label: string;
  fieldLabel: string;
  buttonLabel: string;
  maxLength: number;
  /** The name field, for a screen's empty state to focus. */
  nameInput: RefObject<HTMLInputElement | null>;
  check: (name: string) => CheckedName;
  save: (name: string) => Promise<unknown>;
  /** The notices after adding, e.g. "Category added" and "The category could not be added". */
  addedMessage: string;
  failedMessage: string;
}

/**
 * The add form above a list of records that are only a name: a required name and the add button. A failed add
 * keeps the typed name in the field (a full disk saved nothing); a saved one empties it for the next.
 */
export function AddNameForm({
  label,
  fieldLabel,
  buttonLabel,
  maxLength,
  nameInput,
  check,
  save,
  addedMessage,
  failedMessage,
}: AddNameFormProps) {
  const [saving, setSaving] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { name: '' } });

  const submit = form.onSubmit(async ({ name }) => {
    const checked = check(name);
    if ('error' in checked) {
      form.setFieldError('name', checked.error);
      return;
    }
    setSaving(true);
    try {
      await save(checked.name);
      notifyDone(addedMessage);
      form.reset();
    } catch (error) {
      notifyError(error, failedMessage);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label={label}>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          ref={nameInput}
          label={fieldLabel}
          withAsterisk
          required
          style={{ flex: '1 1 240px' }}
          maxLength={maxLength}
          {...form.getInputProps('name')}
        />
        <PrimaryAction type="submit" loading={saving} mt={25}>
          {buttonLabel}
        </PrimaryAction>
      </Group>
    </Paper>
  );
}
