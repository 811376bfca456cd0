import { Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useFollowServerId } from '../../store/follow-server-id';
import { deleteQuiz, quizzesMirror } from '../../store/quizzes';
import { DeleteConfirmation } from '../../ui/DeleteConfirmation';
import { notifyDone, notifyError } from '../../ui/notify';
import { useQuiz } from './use-quizzes';
import { paths } from '../../../lib/paths';
import { MissingRecord } from '../../ui/MissingRecord';

/** /add-quiz/:id/delete: asks first, then deletes (queued, works offline) and goes back to /list-quiz. */
export function DeleteQuizScreen() {
  const { id } = useParams();
  const navigate = useNavigate();
  const quiz = useQuiz(id);
  useFollowServerId(quizzesMirror, id, quiz?.serverId, paths.deleteQuiz);

  if (!quiz) {
    return (
      <Stack maw={560}>
        <Title order={1}>Delete Quiz</Title>
        {quiz === undefined ? (
          <Text c="dimmed">Loading…</Text>
        ) : (
          <MissingRecord what="quiz" back={paths.listQuiz()} backLabel="Back to the quizzes" />
        )}
      </Stack>
    );
  }
  return (
    <DeleteConfirmation
      title="Delete Quiz"
      question="Are you sure you want to delete this Quiz?"
      subject={quiz.name}
      onCancel={() => navigate(paths.listQuiz())}
      onDelete={async () => {
        try {
          await deleteQuiz(quiz.localId);
          notifyDone('Quiz deleted');
          navigate(paths.listQuiz());
        } catch (error) {
          notifyError(error, 'The quiz could not be deleted');
        }
      }}
    />
  );
}
