import '@mantine/dates/styles.css';
import { Checkbox, Group, NumberInput, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useFollowServerId } from '../../store/follow-server-id';
import { createQuiz, quizzesMirror, updateQuiz } from '../../store/quizzes';
import { normaliseJoinCode, QUIZ_MODES, STATUS_LABELS } from '../../../lib/quiz-rules';
import { useSession } from '../../session/session-context';
import { ImageInput } from '../../ui/ImageInput';
import { notifyDone, notifyError } from '../../ui/notify';
import { initialPicker, reconcilePicker, type PickerState } from './question-picker';
import { QuestionPicker } from './QuestionPicker';
import {
  emptyQuizForm,
  formFieldErrors,
  minimumDate,
  quizFormFrom,
  quizPayloadOf,
  statusChoices,
  validateQuizForm,
  type QuizFormValues,
} from './quiz-form';
import type { QuizQuestionRow, QuizRow } from './quiz-rows';
import { useCategoryChoices, useQuestionBank, useQuiz, useRefusedFieldErrors, type CategoryChoice } from './use-quizzes';
import { paths } from '../../../lib/paths';
import { MissingRecord } from '../../ui/MissingRecord';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

const AUTH_CHOICES = [
  { value: 'FORM_BASED', label: 'Form Based', social: false },
  { value: 'SOCIAL_BASED', label: 'Social', social: true },
  { value: 'BOTH', label: 'Both', social: true },
] as const;

/** The quiz's question references (server ids, or local keys before sync) as question row keys. */
function questionKeysOf(quiz: QuizRow | null, bank: readonly QuizQuestionRow[]): string[] {
  if (!quiz) return [];
  const byServerId = new Map(bank.filter((row) => row.serverId !== null).map((row) => [row.serverId, row.localId]));
  return quiz.questions
    .map((reference) => (typeof reference === 'number' ? byServerId.get(reference) : reference))
    .filter((key): key is string => !!key);
}

const NO_CATEGORIES: CategoryChoice[] = [];

/** Checkbox and radio labels 44 px tall: the label is what a finger hits (touch targets, mobile first). */
const TOUCH_LABEL = { body: { alignItems: 'center' }, label: { minHeight: '2.75rem', display: 'flex', alignItems: 'center' } } as const;

interface QuestionsFieldProps {
  bank: readonly QuizQuestionRow[];
  categories: readonly CategoryChoice[];
  initial: PickerState;
  /** Where the form finds the picker's latest state when saving. */
  stateRef: RefObject<PickerState>;
  onEdit: () => void;
  error?: string;
}

/** The question picker with its own state: with 10,000 questions a move re-renders the picker only. */
const QuestionsField = memo(function QuestionsField({ bank, categories, initial, stateRef, onEdit, error }: QuestionsFieldProps) {
  const [state, setState] = useState(initial);
  // The bank changes under the form as sync brings questions in (or a question is deleted elsewhere).
  const picker = useMemo(
    () =>
      reconcilePicker(
        state,
        bank.map((row) => row.localId),
      ),
    [state, bank],
  );
  return (
    <QuestionPicker
      questions={bank}
      categories={categories}
      value={picker}
      onChange={(next) => {
        stateRef.current = next;
        setState(next);
        onEdit();
      }}
      error={error}
    />
  );
});

interface QuizFormProps {
  quiz: QuizRow | null;
  bank: readonly QuizQuestionRow[];
}

function QuizForm({ quiz, bank }: QuizFormProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const socialAllowed = user?.client_details.social_auth_feature ?? false;
  const categories = useCategoryChoices();
  const refused = useRefusedFieldErrors(quiz?.localId);
  const [saving, setSaving] = useState(false);
  // The picker keeps its own state (QuestionsField) so moving questions does not re-render every field;
  // the form reads the latest state from this ref when saving.
  const [initialQuestions] = useState<PickerState>(() =>
    initialPicker(
      bank.map((row) => row.localId),
      questionKeysOf(quiz, bank),
    ),
  );
  const questionsRef = useRef<PickerState>(initialQuestions);
  // null: cleared by a change of the picker; undefined: none of its own, so the refused change's shows.
  const [ownPickerError, setPickerError] = useState<string | null | undefined>();
  const form = useForm<QuizFormValues>({ mode: 'controlled', initialValues: quiz ? quizFormFrom(quiz) : emptyQuizForm() });
  const { setErrors } = form;
  const today = useMemo(() => new Date(), []);
  const earliest = minimumDate(today, quiz?.start_date_time);
  const values = form.values;
  const saved = quiz ? { mode: quiz.mode, status: quiz.status } : undefined;

  // A change the server refused: its field errors show under the fields, so the user fixes them here.
  useEffect(() => {
    if (refused) setErrors(formFieldErrors(refused));
  }, [refused, setErrors]);
  const pickerError = ownPickerError === undefined ? refused?.questions?.join(' ') : (ownPickerError ?? undefined);
  const clearPickerError = useCallback(() => setPickerError(null), []);

  const save = async (formValues: QuizFormValues) => {
    const errors = validateQuizForm(formValues, new Date(), quiz?.start_date_time);
    form.setErrors(errors);
    setPickerError(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      const { selected } = reconcilePicker(
        questionsRef.current,
        bank.map((row) => row.localId),
      );
      if (quiz) await updateQuiz(quiz.localId, quizPayloadOf(formValues, selected, quiz));
      else await createQuiz(quizPayloadOf(formValues, selected));
      notifyDone(quiz ? 'Quiz updated' : 'Quiz created');
      navigate(paths.listQuiz());
    } catch (error) {
      notifyError(error, quiz ? 'The quiz could not be updated' : 'The quiz could not be created');
      setSaving(false);
    }
  };

  const statusData = statusChoices(values.mode, saved).map((status) => ({ value: status, label: STATUS_LABELS[status] }));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save(form.getValues());
      }}
      noValidate
      aria-label={quiz ? 'Edit quiz' : 'Create quiz'}
    >
      <Stack gap="md">
        <Paper p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextInput label="Name" withAsterisk required maxLength={255} {...form.getInputProps('name')} />
            <Select
              label="Mode"
              description="AUTO: the quiz moves through its questions on its timers. MANUAL: you move it from the control screen."
              withAsterisk
              required
              placeholder="Select"
              data={QUIZ_MODES.map((mode) => ({ value: mode, label: mode }))}
              {...form.getInputProps('mode')}
              onChange={(mode) => {
                form.setFieldValue('mode', mode as QuizFormValues['mode']);
                const choices = statusChoices(mode as QuizFormValues['mode'], saved);
                if (!choices.includes(form.getValues().status)) form.setFieldValue('status', choices[0]!);
              }}
            />
            <Select label="Status" data={statusData} allowDeselect={false} {...form.getInputProps('status')} />
            <NumberInput
              label="Question Timer"
              description="Seconds to answer a question"
              withAsterisk
              required
              min={0}
              allowDecimal={false}
              {...form.getInputProps('qs_timer')}
            />
            <NumberInput
              label="Before Question Timer"
              description="Seconds of alert before a question"
              withAsterisk
              required
              min={0}
              allowDecimal={false}
              {...form.getInputProps('before_qs_timer')}
            />
            {values.mode === 'AUTO' && (
              <NumberInput
                label="Timer Between Questions"
                description="Seconds between questions"
                withAsterisk
                required
                min={0}
                allowDecimal={false}
                {...form.getInputProps('timer_bw_qs')}
              />
            )}
            {values.mode === 'MANUAL' && (
              <NumberInput
                label="Question Number"
                description="The question a MANUAL quiz is on (1 is the first); the control screen moves it."
                withAsterisk
                required
                min={1}
                allowDecimal={false}
                {...form.getInputProps('question_no')}
              />
            )}
            <TextInput
              label="Join Code"
              description="Up to 4 digits"
              withAsterisk
              required
              inputMode="numeric"
              readOnly={!!quiz}
              {...form.getInputProps('join_code')}
              onChange={(event) => form.setFieldValue('join_code', normaliseJoinCode(event.currentTarget.value))}
            />
            {quiz && <TextInput label="Quiz Hash" readOnly value={quiz.quiz_hash ?? 'Given by the server when the quiz syncs'} />}
            <NumberInput
              label="Maximum Attempts"
              withAsterisk
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('max_attempt_count')}
            />
            <DateInput
              label="Start Date"
              withAsterisk
              required
              valueFormat="YYYY-MM-DD"
              placeholder="YYYY-MM-DD"
              minDate={earliest}
              {...form.getInputProps('start_date')}
            />
            <TimeInput label="Start Time" withAsterisk required {...form.getInputProps('start_time')} />
            <DateInput
              label="End Date"
              withAsterisk
              required
              valueFormat="YYYY-MM-DD"
              placeholder="YYYY-MM-DD"
              minDate={values.start_date && values.start_date > earliest ? values.start_date : earliest}
              {...form.getInputProps('end_date')}
            />
            <TimeInput label="End Time" withAsterisk required {...form.getInputProps('end_time')} />
            <TextInput label="Sponsor Name" maxLength={255} {...form.getInputProps('sponsor_name')} />
          </SimpleGrid>
        </Paper>
        <Paper p="md">
          <Stack gap="md">
            <ImageInput
              label="Sponsor Image"
              value={values.sponsor_logo}
              onChange={(image) => form.setFieldValue('sponsor_logo', image)}
              error={form.errors.sponsor_logo}
            />
            <Group gap="xl" wrap="wrap">
              {values.mode === 'AUTO' && (
                <Checkbox label="Timer Based" styles={TOUCH_LABEL} {...form.getInputProps('time_based', { type: 'checkbox' })} />
              )}
              <Checkbox label="Show Count Down" styles={TOUCH_LABEL} {...form.getInputProps('show_count_down', { type: 'checkbox' })} />
              <Checkbox
                label="Show Options"
                description="Players' phones show the option texts; unticked, they show only the letters A-D."
                styles={TOUCH_LABEL}
                {...form.getInputProps('show_options', { type: 'checkbox' })}
              />
            </Group>
            <Radio.Group
              label="Authentication Method"
              description={socialAllowed ? undefined : 'Social and Both need social login, which is not enabled for this client.'}
              {...form.getInputProps('auth_used')}
            >
              <Group mt="xs" wrap="wrap">
                {AUTH_CHOICES.map((choice) => (
                  <Radio
                    key={choice.value}
                    value={choice.value}
                    label={choice.label}
                    styles={TOUCH_LABEL}
                    disabled={choice.social && !socialAllowed}
                  />
                ))}
              </Group>
            </Radio.Group>
          </Stack>
        </Paper>
        <QuestionsField
          bank={bank}
          categories={categories ?? NO_CATEGORIES}
          initial={initialQuestions}
          stateRef={questionsRef}
          onEdit={clearPickerError}
          error={pickerError}
        />
        <Group>
          <SecondaryAction onClick={() => navigate(paths.listQuiz())}>Cancel</SecondaryAction>
          <PrimaryAction type="submit" loading={saving}>
            Save
          </PrimaryAction>
        </Group>
      </Stack>
    </form>
  );
}

/** /add-quiz and /add-quiz/:id/update (the id may be a local id before sync): the quiz form with its picker. */
export function AddQuizScreen() {
  const { id } = useParams();
  const quiz = useQuiz(id);
  const bank = useQuestionBank();
  useFollowServerId(quizzesMirror, id, quiz?.serverId, paths.editQuiz);

  const loading = bank === undefined || (id !== undefined && quiz === undefined);
  return (
    <Stack>
      <Title order={1}>{id ? 'Edit Quiz' : 'Add Quiz'}</Title>
      {loading ? (
        <Text c="dimmed">Loading…</Text>
      ) : id && !quiz ? (
        <MissingRecord what="quiz" back={paths.listQuiz()} backLabel="Back to the quizzes" />
      ) : (
        <QuizForm key={quiz?.localId ?? 'new'} quiz={quiz ?? null} bank={bank} />
      )}
    </Stack>
  );
}
