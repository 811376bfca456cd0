import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useCategoriesByName } from '../../store/categories';
import { createQuestion } from '../../store/questions';
import { notifyDone, notifyError } from '../../ui/notify';
import { createPayload, emptyQuestionForm } from './question-form';
import { QuestionForm } from './QuestionForm';
import { paths } from '../../../lib/paths';

/** /add-question: the question form; saved to the mirror and queued (works offline), then back to /list-questions. */
export function AddQuestionScreen() {
  const navigate = useNavigate();
  const categories = useCategoriesByName();
  return (
    <Stack>
      <Title order={1}>Add Question</Title>
      {categories === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <QuestionForm
          label="Add question"
          initialValues={emptyQuestionForm()}
          categories={categories}
          submitLabel="Save"
          onSubmit={async (values) => {
            try {
              // A category created offline is referenced by its local id; the question waits for it to sync.
              await createQuestion(createPayload(values));
              notifyDone('Question added');
              navigate(paths.listQuestions());
            } catch (error) {
              notifyError(error, 'The question could not be added');
            }
          }}
        />
      )}
    </Stack>
  );
}
