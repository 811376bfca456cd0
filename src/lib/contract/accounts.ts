import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { TEXT_LIMITS, boundedText, maxLengthMessage } from './limits';

// Payloads and responses of the accounts calls (the specification's payloads and Auth calls). Shared by the
// portal's forms and API client and by the server's validation, so both sides agree.

// Two builders: the answers' schemas are built on a signed-in start, to decode the stored token's user, where the
// forms' (an email's pattern, the reset's refinement) are not needed; building them too made that decode longer
// (total blocking time).
export const { loginResponse, clientDetails, currentUser, detailMessage } = builtOnFirstUse(() => {
  const clientDetails = z.object({
    id: z.number(),
    name: z.string(),
    poll_enabled: z.boolean(),
    social_auth_feature: z.boolean(),
    business_logo_url: z.string().nullable(),
  });
  return {
    loginResponse: z.object({ key: z.string() }),
    clientDetails,
    currentUser: z.object({
      id: z.number(),
      username: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      client: z.number(),
      client_details: clientDetails,
    }),
    /** The answer of logout and of both password reset calls: what happened, in words. */
    detailMessage: z.object({ detail: z.string() }),
  };
});

export const { loginPayload, resetRequestPayload, resetConfirmPayload } = builtOnFirstUse(() => {
  return {
    loginPayload: z.object({
      email: boundedText(TEXT_LIMITS.email).trim().min(1, 'This field may not be blank.').email('Enter a valid email address.'),
      password: boundedText(TEXT_LIMITS.password).min(1, 'This field may not be blank.'),
    }),
    resetRequestPayload: z.object({
      email: boundedText(TEXT_LIMITS.email).trim().min(1, 'This field may not be blank.').email('Enter a valid email address.'),
      site_url: boundedText(TEXT_LIMITS.url).optional(),
    }),
    resetConfirmPayload: z
      .object({
        new_password: z
          .string()
          .min(8, 'Ensure this field has at least 8 characters.')
          .max(TEXT_LIMITS.password, maxLengthMessage(TEXT_LIMITS.password)),
        new_password1: boundedText(TEXT_LIMITS.password).min(1, 'This field may not be blank.'),
        token: boundedText(TEXT_LIMITS.token).min(1, 'This field may not be blank.'),
      })
      .refine((value) => value.new_password === value.new_password1, {
        path: ['new_password1'],
        message: 'Password does not Match',
      }),
  };
});
export type LoginPayload = z.infer<typeof loginPayload>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type ClientDetails = z.infer<typeof clientDetails>;
export type CurrentUser = z.infer<typeof currentUser>;
export type ResetRequestPayload = z.infer<typeof resetRequestPayload>;
export type ResetConfirmPayload = z.infer<typeof resetConfirmPayload>;
export type DetailMessage = z.infer<typeof detailMessage>;

/** The message a login failure carries from the server, and the one the portal shows instead (the specification's error messages). */
export { LOGIN_FAILED_MESSAGE, LOGIN_FAILED_SERVER_MESSAGE } from './login-messages';

/** DRF's shape for validation errors: field name (or non_field_errors) to messages. */
export type FieldErrors = Record<string, string[]>;
