import { Alert, Anchor, Group, NativeSelect, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { routeKeyOf } from '../../store/mirror';
import { OPTION_LETTERS, type OptionLetter } from '../../../lib/options-codec';
import { TEXT_LIMITS } from '../../../lib/contract/limits';
import { ImageInput } from '../../ui/ImageInput';
import { validateQuestionForm, type QuestionFormValues } from './question-form';
import type { CategoryChoice } from './question-rows';
import { paths } from '../../../lib/paths';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

interface QuestionFormProps {
  /** Accessible name of the form, e.g. "Add question". */
  label: string;
  initialValues: QuestionFormValues;
  categories: readonly CategoryChoice[];
  /** The option fields shown: all four on Add, one per existing option on Edit. */
  letters?: readonly OptionLetter[];
  submitLabel: string;
  onSubmit: (values: QuestionFormValues) => Promise<void>;
  onCancel?: () => void;
  /** Field errors the server gave for this question's queued change (docs/decisions.md "Spec defects fixed"), and its other messages. */
  serverErrors?: { fields: Record<string, string>; other: string[] };
}

/** The question form of the specification (Add Question and the edit page), with the specification's field names. */
export function QuestionForm({
  label,
  initialValues,
  categories,
  letters = OPTION_LETTERS,
  submitLabel,
  onSubmit,
  onCancel,
  serverErrors,
}: QuestionFormProps) {
  const [saving, setSaving] = useState(false);
  const form = useForm<QuestionFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateQuestionForm(values, letters),
  });
  const { setErrors } = form;
  useEffect(() => {
    if (serverErrors) setErrors(serverErrors.fields);
  }, [serverErrors, setErrors]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      await onSubmit(values);
    } finally {
      setSaving(false);
    }
  });

  const correct = form.getInputProps('rawCorrectOptions');
  const image = form.getInputProps('sponsorImage');
  const categoryData = [
    { value: '', label: 'Select', disabled: true },
    ...categories.map((category) => ({ value: routeKeyOf(category), label: category.name })),
  ];

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label={label} maw={720}>
      <Stack>
        {serverErrors && serverErrors.other.length > 0 && (
          <Alert color="red" title="The server refused this question">
            {serverErrors.other.join(' ')}
          </Alert>
        )}
        <NativeSelect label="Category" withAsterisk required data={categoryData} {...form.getInputProps('selectedCategory')} />
        {categories.length === 0 && (
          <Text size="sm">
            No categories yet:{' '}
            <Anchor component={Link} to={paths.categories()}>
              add a category
            </Anchor>{' '}
            first.
          </Text>
        )}
        <Textarea
          label="Description"
          withAsterisk
          required
          autosize
          minRows={2}
          maxLength={TEXT_LIMITS.description}
          {...form.getInputProps('questionDescription')}
        />
        <TextInput label="Hint" maxLength={TEXT_LIMITS.hint} {...form.getInputProps('questionHint')} />
        <ImageInput
          label="Sponsor Image"
          description="A picture shown with this question on the stage and the players' phones (a sponsor's logo, say)."
          value={image.value as QuestionFormValues['sponsorImage']}
          onChange={image.onChange}
          error={image.error}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {letters.map((letter) => (
            <TextInput
              key={letter}
              label={`Option ${letter}`}
              withAsterisk
              required
              maxLength={TEXT_LIMITS.option}
              {...form.getInputProps(`options.${letter}`)}
            />
          ))}
        </SimpleGrid>
        <Radio.Group
          label="Correct Option"
          description="The option that scores: players who pick this letter answer right."
          withAsterisk
          required
          value={String(correct.value ?? '').toUpperCase()}
          onChange={(letter) => form.setFieldValue('rawCorrectOptions', letter)}
          error={correct.error}
        >
          <Group mt="xs" gap="lg">
            {letters.map((letter) => (
              <Radio key={letter} value={letter} label={letter} />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          {onCancel && <SecondaryAction onClick={onCancel}>Cancel</SecondaryAction>}
          <PrimaryAction type="submit" loading={saving}>
            {submitLabel}
          </PrimaryAction>
        </Group>
      </Stack>
    </Paper>
  );
}
