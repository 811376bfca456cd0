import { z } from 'zod';
import { OPTION_LETTERS } from '../options-codec';
import { builtOnFirstUse } from './built-on-first-use';

// Used by Play (docs/decisions.md "Play"), which adds its route: one participant's answer to one question
// of the quiz they joined, and the server's acknowledgement. The phone stamps the moment the option was
// chosen in server time (epoch ms) and sends the answer again until it is acknowledged; the server judges
// the stamp against the question's window. Nothing leaks early: whether the answer was right, and its
// points, are told only once the question has closed.

export const { answerPayload, answerAcknowledgement } = builtOnFirstUse(() => ({
  answerPayload: z.object({
    /** The question's id. */
    question: z.number().int().positive(),
    chosen_option: z.enum(OPTION_LETTERS),
    /** When the option was chosen, in server time (epoch ms). */
    chosen_at: z.number().int().nonnegative(),
  }),
  answerAcknowledgement: z.object({
    /** Whether the answer counts (false: too late, or the question was not open). */
    counted: z.boolean(),
    /** Present once the question has closed. */
    correct: z.boolean().optional(),
    /** Present once the question has closed. */
    points: z.number().optional(),
    /** The participant's score over the closed questions. */
    score: z.number(),
  }),
}));
export type AnswerPayload = z.infer<typeof answerPayload>;
export type AnswerAcknowledgement = z.infer<typeof answerAcknowledgement>;
