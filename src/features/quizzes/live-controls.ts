import { changeQuizStatus, resetQuizAttempts, setQuizQuestionNo, type QuizDetail } from '../../api/quizzes';
import { portalDatabase } from '../../local/db';
import type { QuizStatus } from '../../lib/quiz-rules';
import { applyWriteAnswer } from '../../sync/mirror';
import { showNotice } from '../../ui/notify';

// List Quiz's live controls (decisions §4): REST calls made only while online, never queued. The answer
// goes straight into the mirror so the row shows the new state without waiting for the next pull.

/** The message of spec §8 for a failed reset attempts, used for every failed live control. */
export const CONTROL_FAILED_MESSAGE = 'There was an error!';

async function mirrorAnswer(localId: string, answer: QuizDetail): Promise<void> {
  const db = portalDatabase();
  await db.transaction('rw', db.syncTables(), () => applyWriteAnswer(db, 'quizzes', localId, answer));
}

async function control(localId: string, call: () => Promise<QuizDetail>): Promise<boolean> {
  try {
    await mirrorAnswer(localId, await call());
    return true;
  } catch (error) {
    showNotice({
      kind: 'error',
      color: 'red',
      title: CONTROL_FAILED_MESSAGE,
      message: error instanceof Error ? error.message : String(error),
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
