import type { QuizPatchPayload } from '../../src/lib/contract/quiz';
import type { QuizStatus } from '../../src/lib/quiz-rules';
import type { QuizRow } from './quiz-read';
import type { QuizFiles, QuizService } from './quiz-service';
import type { LiveMoment } from './scheduler-timeline';

// The moves of a live quiz, one named command each: what the control screen's and the stage's buttons send
// (PATCH quiz/{id}/ with one field, PUT quiz-reset-attempts/) and what the AUTO scheduler does on its own. Each
// goes through the quiz service, the one path of quiz writes, so the quiz rules hold and the live channel
// hears of the move once; the rounds follow it (play/play-events.ts: the question left is revealed, the next
// one opens). docs/architecture.md, "A step of a live quiz".

/** A move of the live controls, as a PATCH of the quiz carries it. */
export type LiveMove = { command: 'stepToQuestion'; questionNo: number } | { command: 'changeStatus'; status: QuizStatus };

const NO_FILES: QuizFiles = { files: {}, clears: {} };

/** The move a PATCH makes when it is one of the live controls' (one field, no file); null for an edit of the quiz. */
export function liveMoveOf(patch: QuizPatchPayload, { files, clears }: QuizFiles): LiveMove | null {
  if (Object.keys(patch).length !== 1 || Object.keys(files).length > 0 || Object.keys(clears).length > 0) return null;
  if (patch.question_no !== undefined) return { command: 'stepToQuestion', questionNo: patch.question_no };
  if (patch.status !== undefined) return { command: 'changeStatus', status: patch.status };
  return null;
}

export function quizCommands(quizzes: Pick<QuizService, 'update' | 'resetAttempts' | 'applyLiveMoment'>) {
  const commands = {
    /** Next and Previous: a MANUAL quiz shows question `questionNo` (while Started, within its questions). */
    stepToQuestion(clientId: number, current: QuizRow, questionNo: number): Promise<QuizRow> {
      return quizzes.update(clientId, current, { question_no: questionNo }, NO_FILES);
    },

    /** The next status (Activate, Start, the results...): forward only. */
    changeStatus(clientId: number, current: QuizRow, status: QuizStatus): Promise<QuizRow> {
      return quizzes.update(clientId, current, { status }, NO_FILES);
    },

    /** Reset Attempts: every attempt of the quiz goes, with its answers and tokens, and the quiz's rounds. */
    resetAttempts(clientId: number, current: QuizRow): Promise<QuizRow> {
      return quizzes.resetAttempts(clientId, current);
    },

    /**
     * AUTO: the step or status change its timers say is due (scheduler-timeline.ts), unless an edit of
     * the quiz came first (null then).
     */
    followTimers(current: QuizRow, moment: LiveMoment): Promise<QuizRow | null> {
      return quizzes.applyLiveMoment(current, moment);
    },

    /** A move of the live controls (liveMoveOf). */
    move(clientId: number, current: QuizRow, move: LiveMove): Promise<QuizRow> {
      return move.command === 'stepToQuestion'
        ? commands.stepToQuestion(clientId, current, move.questionNo)
        : commands.changeStatus(clientId, current, move.status);
    },
  };
  return commands;
}

export type QuizCommands = ReturnType<typeof quizCommands>;
