import { z } from 'zod';
import { cleanDisplayName } from '../display-name';
import { JOIN_CODE_MESSAGE, isJoinCode } from '../quiz-rules';
import { builtOnFirstUse } from './built-on-first-use';

// Used by Play (docs/decisions.md "Play"), which adds its routes: a participant is a viewer (viewer.ts) who
// joined a quiz of one client. FORM_BASED quizzes ask the fields below with the quiz's join code; a
// SOCIAL_BASED join sends the join code alone and takes the names and email from the identity provider.
// The limits are Django's user fields' (names 150, email 254), so huge names are refused, not cut.

const BLANK_MESSAGE = 'This field may not be blank.';
export const MOBILE_MESSAGE = 'Enter a valid mobile number.';
/** Names are shown on the stage and other phones: no markup, no control characters. */
export const NAME_CHARACTERS_MESSAGE = 'Enter a name without < > or control characters.';

export const { participant, participantJoinPayload } = builtOnFirstUse(() => {
  // Markup and control characters are refused; what cannot be seen (bidi overrides, zero-width characters)
  // is removed (display-name.ts), and a name of nothing else is blank.
  const name = z
    .string()
    .max(150, 'Ensure this field has no more than 150 characters.')
    .regex(/^[^<>\p{Cc}]*$/u, NAME_CHARACTERS_MESSAGE)
    .transform(cleanDisplayName)
    .pipe(z.string().min(1, BLANK_MESSAGE));
  return {
    /** A joined participant as the player app and the portal read it. */
    participant: z.object({
      id: z.number(),
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      mobile: z.string(),
      created_at: z.string(),
    }),
    /** The FORM_BASED join: the quiz's join code and who is playing. */
    participantJoinPayload: z.object({
      join_code: z.string().trim().refine(isJoinCode, JOIN_CODE_MESSAGE),
      first_name: name,
      last_name: name,
      email: z
        .string()
        .trim()
        .min(1, BLANK_MESSAGE)
        .max(254, 'Ensure this field has no more than 254 characters.')
        .email('Enter a valid email address.'),
      /** Digits, with an optional leading + and spaces, dashes or brackets between them. */
      mobile: z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ()-]{4,18}[0-9]$/, MOBILE_MESSAGE),
    }),
  };
});
export type Participant = z.infer<typeof participant>;
export type ParticipantJoinPayload = z.input<typeof participantJoinPayload>;
