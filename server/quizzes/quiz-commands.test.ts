import { describe, expect, it } from 'vitest';
import type { QuizRow } from './quiz-read';
import { liveMoveOf, quizCommands } from './quiz-commands';
import type { QuizFiles } from './quiz-service';

const noFiles: QuizFiles = { files: {}, clears: {} };

describe('liveMoveOf', () => {
  it('reads the live controls’ one-field PATCHes as moves', () => {
    expect(liveMoveOf({ question_no: 3 }, noFiles)).toEqual({ command: 'stepToQuestion', questionNo: 3 });
    expect(liveMoveOf({ status: 'STARTED' }, noFiles)).toEqual({ command: 'changeStatus', status: 'STARTED' });
  });

  it('leaves any other PATCH an edit of the quiz', () => {
    expect(liveMoveOf({ question_no: 3, name: 'Renamed' }, noFiles)).toBeNull();
    expect(liveMoveOf({ name: 'Renamed' }, noFiles)).toBeNull();
    expect(liveMoveOf({ status: 'STARTED' }, { files: {}, clears: { image: true } })).toBeNull();
  });
});

describe('quizCommands', () => {
  it('makes each move through the quiz service', async () => {
    const calls: unknown[] = [];
    const current = { id: 7 } as QuizRow;
    const commands = quizCommands({
      update: async (clientId, quiz, patch, files) => {
        calls.push(['update', clientId, quiz.id, patch, files]);
        return quiz;
      },
      resetAttempts: async (clientId, quiz) => {
        calls.push(['resetAttempts', clientId, quiz.id]);
        return quiz;
      },
      applyLiveMoment: async (quiz, moment) => {
        calls.push(['applyLiveMoment', quiz.id, moment.question_no]);
        return null;
      },
    });
    await commands.move(1, current, { command: 'stepToQuestion', questionNo: 2 });
    await commands.move(1, current, { command: 'changeStatus', status: 'RESULT_AWAITED' });
    await commands.resetAttempts(1, current);
    const moment = { status: 'STARTED', question_no: 4, question_started_at: null, question_ends_at: null } as const;
    expect(await commands.followTimers(current, moment)).toBeNull();
    expect(calls).toEqual([
      ['update', 1, 7, { question_no: 2 }, noFiles],
      ['update', 1, 7, { status: 'RESULT_AWAITED' }, noFiles],
      ['resetAttempts', 1, 7],
      ['applyLiveMoment', 7, 4],
    ]);
  });
});
