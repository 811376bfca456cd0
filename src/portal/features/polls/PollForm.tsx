import { Checkbox, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { ZodSafeParseResult } from 'zod';
import { pollCreatePayload, pollUpdatePayload } from '../../../lib/contract/poll';
import type { NewPoll, PollChanges } from '../../store/polls';
import { ImageInput, type ImageValue } from '../../ui/ImageInput';
import { choiceNamesOf, qrImagePayload } from './poll-payload';
import { joinCodeInput } from './poll-rows';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

export interface PollFormValues {
  name: string;
  join_code: string;
  poll_hash: string;
  show_options: boolean;
  show_total_votes: boolean;
  qr_image: ImageValue;
  /** Add Poll only: the poll's choices, one per line. */
  choices?: string;
}

const TEXT_FIELDS = ['name', 'join_code', 'poll_hash', 'show_options', 'show_total_votes', 'qr_image'] as const;

interface PollFormBase {
  initialValues: PollFormValues;
  /** The server's messages for a refused change of this poll, shown under their fields. */
  serverErrors?: Record<string, string[]>;
  onCancel?: () => void;
}

/**
 * The payload to queue: the checked fields, and qr_image only when a new file was chosen or removed
 * (poll-payload.ts); on Add Poll also the choices' names.
 */
type PollFormProps = PollFormBase &
  (
    | { mode: 'create'; onSubmit: (payload: NewPoll, choices: string[]) => Promise<void> }
    | { mode: 'edit'; onSubmit: (payload: PollChanges) => Promise<void> }
  );

/** Add Poll / Edit Poll (the specification's screens): name and join code required, poll hash too on edit (the specification's validation rules). */
export function PollForm(props: PollFormProps) {
  const { mode, initialValues, serverErrors = {}, onCancel } = props;
  const [saving, setSaving] = useState(false);
  const form = useForm<PollFormValues>({ mode: 'controlled', initialValues });
  const { setErrors } = form;
  // A poll created offline has no hash until the server gives it one: nothing to edit before that.
  const withHash = mode === 'edit' && initialValues.poll_hash !== '';

  useEffect(() => {
    const shown = Object.fromEntries(
      TEXT_FIELDS.filter((field) => serverErrors[field]?.length).map((field) => [field, serverErrors[field]!.join(' ')]),
    );
    if (Object.keys(shown).length > 0) setErrors(shown);
  }, [serverErrors, setErrors]);

  /** The checked fields, or null when a rule refused them (the messages are then under the fields). */
  const checked = <T,>(parsed: ZodSafeParseResult<T>): T | null => {
    if (parsed.success) return parsed.data;
    form.setErrors(Object.fromEntries(parsed.error.issues.toReversed().map((issue) => [String(issue.path[0]), issue.message])));
    return null;
  };

  const submit = form.onSubmit(async (values) => {
    const fields = {
      name: values.name,
      join_code: values.join_code,
      show_options: values.show_options,
      show_total_votes: values.show_total_votes,
      ...(withHash ? { poll_hash: values.poll_hash } : {}),
    };
    let save: ((choices: string[]) => Promise<void>) | null = null;
    if (props.mode === 'create') {
      const data = checked(pollCreatePayload.safeParse(fields));
      // A new poll has no QR image yet: only a chosen file is sent.
      if (data)
        save = (choices) => props.onSubmit({ ...data, ...(values.qr_image instanceof File ? { qr_image: values.qr_image } : {}) }, choices);
    } else {
      const data = checked(pollUpdatePayload.safeParse(fields));
      if (data) save = () => props.onSubmit({ ...data, ...qrImagePayload(initialValues.qr_image, values.qr_image) });
    }
    const choices = choiceNamesOf(values.choices ?? '');
    if (choices.error) {
      form.setFieldError('choices', choices.error);
      return;
    }
    if (!save) return;
    setSaving(true);
    try {
      await save(choices.names);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add poll' : 'Edit poll'}>
      <Stack>
        <TextInput label="Name" withAsterisk required maxLength={255} {...form.getInputProps('name')} />
        <TextInput
          label="Join code"
          withAsterisk
          required
          inputMode="numeric"
          {...form.getInputProps('join_code')}
          onChange={(event) => form.setFieldValue('join_code', joinCodeInput(event.currentTarget.value))}
        />
        {withHash && (
          <TextInput
            label="Poll hash"
            description="The poll's own code among your polls (unique, shown in List Polls); players join by the join code or the poll's link, not by this."
            withAsterisk
            required
            maxLength={64}
            {...form.getInputProps('poll_hash')}
          />
        )}
        <ImageInput
          label="QR image"
          description="Optional: the stage makes its own QR code of the poll's link; add an image only to show one of your own."
          value={form.values.qr_image}
          onChange={(value) => form.setFieldValue('qr_image', value)}
          error={form.errors.qr_image}
        />
        {mode === 'create' && (
          <Textarea
            label="Choices"
            description="What players vote for, one per line. More can be added on the poll's edit page."
            autosize
            minRows={3}
            {...form.getInputProps('choices')}
          />
        )}
        <Checkbox label="Show result options" {...form.getInputProps('show_options', { type: 'checkbox' })} />
        <Checkbox label="Show total votes" {...form.getInputProps('show_total_votes', { type: 'checkbox' })} />
        <Group>
          {onCancel && <SecondaryAction onClick={onCancel}>Cancel</SecondaryAction>}
          <PrimaryAction type="submit" loading={saving}>
            {mode === 'create' ? 'Create Poll' : 'Update Poll'}
          </PrimaryAction>
        </Group>
      </Stack>
    </Paper>
  );
}
