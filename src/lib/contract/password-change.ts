import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';

// POST /api/rest-auth/password/change/ (dj-rest-auth's shape): the signed-in user's current password and the new
// one twice. The new one must also pass the server's strength rule (server/accounts/password-strength.ts).

export const { changePasswordPayload } = builtOnFirstUse(() => ({
  changePasswordPayload: z
    .object({
      old_password: z.string().min(1, 'This field may not be blank.').max(128),
      new_password1: z.string().min(8, 'Ensure this field has at least 8 characters.').max(128),
      new_password2: z.string().min(1, 'This field may not be blank.').max(128),
    })
    .refine((value) => value.new_password1 === value.new_password2, {
      path: ['new_password2'],
      message: 'Password does not Match',
    }),
}));
export type ChangePasswordPayload = z.infer<typeof changePasswordPayload>;
