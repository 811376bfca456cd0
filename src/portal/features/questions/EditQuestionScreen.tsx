import { Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCategoriesByName } from '../../store/categories';
import { useFollowServerId } from '../../store/follow-server-id';
import { useRefusedChange } from '../../store/outbox';
import { questionsMirror, updateQuestion, useQuestion } from '../../store/questions';
import { notifyDone, notifyError } from '../../ui/notify';
import { changedPayload, formErrorsFromServer, formValuesOf } from './question-form';
import { existingLetters, type QuestionRow } from './question-rows';
import { QuestionForm } from './QuestionForm';
import { paths } from '../../../lib/paths';
import { MissingRecord } from '../../ui/MissingRecord';

/** A question the route names is not on this device (deleted, or never synced here). */
export function MissingQuestion() {
  return <MissingRecord what="question" back={paths.listQuestions()} backLabel="Back to the questions" />;
}

function EditQuestionForm({ row }: { row: QuestionRow }) {
  const navigate = useNavigate();
  const categories = useCategoriesByName();
  const refused = useRefusedChange(row.localId);
  // Taken once: the form edits from what was shown when it opened, even if a sync moves the row meanwhile.
  const [initial] = useState(() => formValuesOf(row));
  const [letters] = useState(() => existingLetters(row));
  const serverErrors = useMemo(() => (refused?.lastError ? formErrorsFromServer(refused.lastError.fieldErrors) : undefined), [refused]);
  if (!categories) return <Text c="dimmed">Loading…</Text>;
  return (
    <QuestionForm
      label="Edit question"
      initialValues={initial}
      letters={letters}
      categories={categories}
      serverErrors={serverErrors}
      submitLabel="Update"
      onCancel={() => navigate(paths.listQuestions())}
      onSubmit={async (values) => {
        const changes = changedPayload(initial, values);
        try {
          // Only what changed is queued; an unchanged image is never sent again.
          if (Object.keys(changes).length > 0) await updateQuestion(row.localId, changes);
          notifyDone('Question updated');
          navigate(paths.listQuestions());
        } catch (error) {
          notifyError(error, 'The question could not be updated');
        }
      }}
    />
  );
}

/** /list-questions/:id/update (a local id before sync): category, description, hint, image, options, correct option. */
export function EditQuestionScreen() {
  const { id } = useParams();
  const row = useQuestion(id);
  useFollowServerId(questionsMirror, id, row?.serverId, paths.editQuestion);
  return (
    <Stack>
      <Title order={1}>Edit Question</Title>
      {row === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : row === null ? (
        <MissingQuestion />
      ) : (
        <EditQuestionForm key={row.localId} row={row} />
      )}
    </Stack>
  );
}
