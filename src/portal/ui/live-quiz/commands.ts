import { changeQuizStatus, resetQuizAttempts, setQuizQuestionNo, type QuizDetail } from '../../api/quizzes';
import { readableMessage } from '../../api/errors';
import type { QuizStatus } from '../../../lib/quiz-rules';
import { mirrorQuizAnswer } from '../../store/quizzes';
import { showNotice } from '../notify';

// The live controls of List Quiz, the control screen and the stage (docs/decisions.md "Live quiz state"): REST calls made only while
// online, never queued. The answer goes straight into the mirror (mirrorQuizAnswer) so the row shows the new state without waiting for the next pull.

/** The specification's message for a failed reset attempts, used for every failed live control. */
export const CONTROL_FAILED_MESSAGE = 'There was an error!';

async function control(localId: string, call: () => Promise<QuizDetail>): Promise<boolean> {
  try {
    await mirrorQuizAnswer(localId, await call());
    return true;
  } catch (error) {
    showNotice({
      kind: 'error',
      color: 'red',
      title: CONTROL_FAILED_MESSAGE,
      message: readableMessage(error),
    });
    return false;
  }
}

export interface ControlledQuiz {
  localId: string;
  serverId: number;
}

export const moveQuizStatus = (quiz: ControlledQuiz, status: QuizStatus) =>
  control(quiz.localId, () => changeQuizStatus(quiz.serverId, status));

export const stepQuizQuestion = (quiz: ControlledQuiz, questionNo: number) =>
  control(quiz.localId, () => setQuizQuestionNo(quiz.serverId, questionNo));

export const resetAttemptsOf = (quiz: ControlledQuiz) => control(quiz.localId, () => resetQuizAttempts(quiz.serverId));
