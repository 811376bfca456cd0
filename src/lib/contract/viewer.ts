import { z } from 'zod';
import { viewerDetail } from './attempt';
import { builtOnFirstUse } from './built-on-first-use';
import { pageOf } from './page';
import { idFilter, pagingQuery, searchQuery } from './request';

// Viewer (participant) profiles (the specification's Viewer profile fields and Viewers calls): read-only data for the Viewers screen.
// Viewers are made by joining a quiz (participant.ts), never by the portal: there is no create or PATCH payload.

export const { viewerProfile, viewerListQuery, viewerPage } = builtOnFirstUse(() => {
  const viewerProfile = z.object({
    id: z.number(),
    user_detail: viewerDetail,
    mobile: z.string(),
  });
  return {
    viewerProfile,
    /** GET profiles/viewer/: also `?quiz=<id>`, the viewers who attempted that quiz. */
    viewerListQuery: z.object({ ...pagingQuery(), ...searchQuery(), quiz: idFilter() }),
    viewerPage: pageOf(viewerProfile),
  };
});
export type ViewerProfile = z.infer<typeof viewerProfile>;
export type ViewerListQuery = z.input<typeof viewerListQuery>;
