import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useFollowServerId } from '../../store/follow-server-id';
import { deleteQuestion, questionsMirror, useQuestion } from '../../store/questions';
import { DeleteConfirmation } from '../../ui/DeleteConfirmation';
import { notifyDone, notifyError } from '../../ui/notify';
import { MissingQuestion } from './EditQuestionScreen';
import { paths } from '../../../lib/paths';

/** /list-questions/:id/delete: asks first, then deletes (queued, works offline) and goes back to /list-questions. */
export function DeleteQuestionScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const row = useQuestion(id);
  useFollowServerId(questionsMirror, id, row?.serverId, paths.deleteQuestion);

  if (!row) {
    return (
      <Stack maw={560}>
        <Title order={1}>Delete Question</Title>
        {row === undefined ? <Text c="dimmed">Loading…</Text> : <MissingQuestion />}
      </Stack>
    );
  }
  return (
    <DeleteConfirmation
      title="Delete Question"
      question="Are you sure you want to delete this Question?"
      subject={row.description}
      onCancel={() => navigate(paths.listQuestions())}
      onDelete={async () => {
        try {
          await deleteQuestion(row.localId);
          notifyDone('Question deleted');
          navigate(paths.listQuestions());
        } catch (error) {
          notifyError(error, 'There was an error!');
        }
      }}
    />
  );
}
