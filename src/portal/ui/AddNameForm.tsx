import { Group, Paper, TextInput } from '@mantine/core';
import { type RefObject } from 'react';
import { PrimaryAction } from './actions';
import { useNameForm, type NameFormOptions } from './use-name-form';

interface AddNameFormProps extends Omit<NameFormOptions, 'onSaved'> {
  /** The form's accessible name, e.g. "Add category". */
  label: string;
  fieldLabel: string;
  buttonLabel: string;
  maxLength: number;
  /** The name field, for a screen's empty state to focus. */
  nameInput: RefObject<HTMLInputElement | null>;
}

/** The add form above a list of records that are only a name: a required name and the add button; an added name empties the field. */
export function AddNameForm({ label, fieldLabel, buttonLabel, maxLength, nameInput, ...options }: AddNameFormProps) {
  const { form, saving, submit } = useNameForm('', { ...options, onSaved: (filled) => filled.reset() });

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
