import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { pageOf } from './page';
import { pagingQuery } from './request';

// The client's business settings (the specification's client profile fields, Client settings calls and Setting screen).
// Sent as multipart: numbers arrive as text; an image field given as a string (its current URL) leaves
// the image unchanged, so only files are read for the three images.

export const CLIENT_IMAGE_FIELDS = ['business_logo', 'background_image', 'mascot_logo'] as const;
export type ClientImageField = (typeof CLIENT_IMAGE_FIELDS)[number];

export const VIEWER_APP_URL_MESSAGE = 'Enter a valid URL starting with http:// or https://.';

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const { clientProfile, clientProfileUpdatePayload, clientProfileListQuery, clientProfilePage } = builtOnFirstUse(() => {
  const clientProfile = z.object({
    id: z.number(),
    business_name: z.string(),
    description: z.string(),
    business_logo: z.string().nullable(),
    business_logo_url: z.string().nullable(),
    background_image: z.string().nullable(),
    background_image_url: z.string().nullable(),
    mascot_logo: z.string().nullable(),
    mascot_logo_url: z.string().nullable(),
    recent_participant_time: z.number(),
    viewer_app_url: z.string(),
    /** Read-only: set by the operator, not by the admin. */
    poll_enabled: z.boolean(),
    social_auth_feature: z.boolean(),
    updated_at: z.string(),
    version: z.number(),
  });

  const seconds = z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?[0-9]+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'A valid integer is required.' })
      .int('A valid integer is required.')
      .min(0, 'Ensure this value is greater than or equal to 0.')
      .max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.'),
  );

  /** PATCH profiles/client/{client}/: text fields (images are read from the files of the form). */
  const clientProfileUpdatePayload = z.object({
    business_name: z
      .string()
      .trim()
      .min(1, 'This field may not be blank.')
      .max(255, 'Ensure this field has no more than 255 characters.')
      .optional(),
    description: z.string().trim().max(5000, 'Ensure this field has no more than 5000 characters.').optional(),
    recent_participant_time: seconds.optional(),
    viewer_app_url: z
      .string()
      .trim()
      .max(2000, 'Ensure this field has no more than 2000 characters.')
      .refine((text) => text === '' || isHttpUrl(text), VIEWER_APP_URL_MESSAGE)
      .optional(),
  });

  return {
    clientProfile,
    clientProfileUpdatePayload,
    /** GET profiles/client/: a one-item list, the caller's client. */
    clientProfileListQuery: z.object(pagingQuery()),
    clientProfilePage: pageOf(clientProfile),
  };
});
export type ClientProfile = z.infer<typeof clientProfile>;
export type ClientProfileUpdatePayload = z.infer<typeof clientProfileUpdatePayload>;
