import type { AnswerAcknowledgement, AnswerPayload } from '../lib/contract/answer';
import type { ParticipantJoinPayload } from '../lib/contract/participant';
import type { JoinedQuiz, PlayPoll, PlayQuiz, PlayState } from '../lib/contract/play';
import { timed } from './clock';
import { playCall } from './http';

// The participants' routes (/api/v1/play/..., docs/decisions.md "Play"), typed by the contract. Every answer that carries the
// server's time feeds the phone's clock estimate.

const path = (hash: string) => encodeURIComponent(hash);

export const playApi = {
  quiz: (quizHash: string): Promise<PlayQuiz> => timed(() => playCall<PlayQuiz>(`quizzes/${path(quizHash)}/`)),
  join: (quizHash: string, payload: ParticipantJoinPayload): Promise<JoinedQuiz> =>
    timed(() => playCall<JoinedQuiz>(`quizzes/${path(quizHash)}/join`, { body: payload })),
  social: (quizHash: string, joinCode: string): Promise<{ authorization_url: string }> =>
    playCall(`quizzes/${path(quizHash)}/social`, { body: { join_code: joinCode } }),
  state: (token: string): Promise<PlayState> => timed(() => playCall<PlayState>('attempt/', { token })),
  /** Self-paced: opens this participant's next question; answers the new play state. */
  next: (token: string): Promise<PlayState> => timed(() => playCall<PlayState>('attempt/next', { token, body: {} })),
  answer: (token: string, idempotencyKey: string, payload: AnswerPayload): Promise<AnswerAcknowledgement> =>
    playCall('attempt/answers', { token, idempotencyKey, body: payload }),
  poll: (linkKey: string, voterToken: string | null): Promise<PlayPoll> =>
    timed(() => playCall<PlayPoll>(`polls/${path(linkKey)}/`, { token: voterToken })),
  joinPoll: (linkKey: string, joinCode: string): Promise<{ token: string }> =>
    playCall(`polls/${path(linkKey)}/join`, { body: { join_code: joinCode } }),
  /** Answers the poll as this voter now sees it. */
  vote: (linkKey: string, voterToken: string, choice: number): Promise<PlayPoll> =>
    timed(() => playCall<PlayPoll>(`polls/${path(linkKey)}/vote`, { token: voterToken, body: { choice } })),
};
