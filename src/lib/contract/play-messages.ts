// The participants' side (docs/decisions.md "Play"): every refusal's message, and the grace of a late answer.
// Declared without zod so that the player app's first screen can import them and stay small; play.ts
// re-exports them with the schemas.

/** The window a late answer may still arrive in, and the most a phone's stamp is trusted by (docs/decisions.md "Play"). */
export const ANSWER_GRACE_MS = 15_000;

export const PLAY_MESSAGES = {
  unknownQuiz: 'This quiz link is not valid.',
  unknownPoll: 'This poll link is not valid.',
  wrongJoinCode: 'That join code is not right. Check it and try again.',
  quizClosed: 'This quiz has closed: joining is no longer possible.',
  quizInactive: 'This quiz is not open for joining.',
  socialNotOffered: 'Signing in with an account is not offered for this quiz.',
  providerUnreachable: 'The sign-in service for this quiz did not answer. Try again in a moment, or ask the quizmaster.',
  placeEnded: 'Your place in this quiz has ended. Join again to play.',
  questionNotInQuiz: 'This question is not part of this quiz.',
  questionNotOpen: 'This question is not open for answers.',
  tooLate: 'Too late: this question closed before your answer arrived.',
  alreadyAnswered: 'You have already answered this question.',
  pollClosed: 'This poll is not open for voting.',
  alreadyVoted: 'You have already voted in this poll.',
  formNotOffered: 'This quiz is joined by signing in with an account.',
  notSelfPaced: 'This quiz moves on with the host: there is no next question to open.',
  finishQuestionFirst: 'Answer this question, or wait for it to close, before the next one.',
  noMoreQuestions: 'You have reached the last question.',
  participantOnly: 'Sign in by joining the quiz: this address takes a participant token.',
  voterOnly: 'Join the poll with its code before voting.',
  choiceNotInPoll: 'This choice is not part of this poll.',
} as const;

export function attemptsUsedUpMessage(maxAttempts: number): string {
  return `You have used all your attempts at this quiz (${maxAttempts}).`;
}

export function tooManyJoinCodesMessage(retryAfterSeconds: number): string {
  const wait = waitText(retryAfterSeconds);
  return `Too many wrong join codes from this network. Check the code, then try again in ${wait}.`;
}

export function tooManyVotersMessage(retryAfterSeconds: number): string {
  return `Too many votes from this network for this poll. Try again in ${waitText(retryAfterSeconds)}.`;
}

function waitText(seconds: number): string {
  if (seconds < 60) {
    const whole = Math.max(1, Math.ceil(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
