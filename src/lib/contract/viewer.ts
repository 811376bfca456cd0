import { z } from 'zod';
import { viewerDetail } from './attempt';
import { builtOnFirstUse } from './built-on-first-use';

// Viewer (participant) profiles (spec §3 Viewer profile, §7 Viewers): read-only data for the Viewers screen.

export const { viewerProfile } = builtOnFirstUse(() => ({
  viewerProfile: z.object({
    id: z.number(),
    user_detail: viewerDetail,
    mobile: z.string(),
  }),
}));
export type ViewerProfile = z.infer<typeof viewerProfile>;
