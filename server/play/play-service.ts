import type { z } from 'zod';
import type { AnswerAcknowledgement, AnswerPayload } from '../../src/lib/contract/answer';
import type { participantJoinPayload } from '../../src/lib/contract/participant';
import type { JoinedQuiz, PlayQuiz, PlayState } from '../../src/lib/contract/play';
import type { MediaUrls } from '../http/media-urls';
import type { QuizRow } from '../quizzes/quiz-read';
import type { ParticipantSeat } from './participant-auth';
import { answer, nextQuestion } from './play-answer';
import { playContextOf, type PlayDeps } from './play-context';
import { checkJoin, join, joinAs, publicQuiz } from './play-join';
import { playState } from './play-state';

// The participants' side of a quiz (docs/decisions.md "Play"), as the routes call it: joining (play-join.ts), the
// phone's state (play-state.ts), answers and self-paced steps (play-answer.ts), each over one shared context
// (play-context.ts).

export type { PlayDeps } from './play-context';

export function playService(deps: PlayDeps) {
  const ctx = playContextOf(deps);
  return {
    publicQuiz: (hash: string, media: MediaUrls): Promise<PlayQuiz> => publicQuiz(ctx, hash, media),
    checkJoin: (hash: string, joinCode: string, address: string): Promise<QuizRow> => checkJoin(ctx, hash, joinCode, address),
    join: (
      hash: string,
      payload: z.output<typeof participantJoinPayload>,
      address: string,
      deviceToken: string | null = null,
    ): Promise<JoinedQuiz> => join(ctx, hash, payload, address, deviceToken),
    joinAs: (quiz: QuizRow, who: z.output<typeof participantJoinPayload>): Promise<{ token: string }> => joinAs(ctx, quiz, who),
    state: (seat: ParticipantSeat, media: MediaUrls): Promise<PlayState> => playState(ctx, seat, media),
    answer: (seat: ParticipantSeat, payload: AnswerPayload, idempotencyKey: string | null): Promise<AnswerAcknowledgement> =>
      answer(ctx, seat, payload, idempotencyKey),
    /** Self-paced: opens the participant's next question. */
    next: (seat: ParticipantSeat, media: MediaUrls): Promise<PlayState> => nextQuestion(ctx, seat, media),
  };
}

export type PlayService = ReturnType<typeof playService>;
