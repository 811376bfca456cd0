import { z } from 'zod';
import { builtOnFirstUse } from './built-on-first-use';
import { pageOf } from './page';
import { idFilter, pagingQuery, searchQuery } from './request';
import { MAX_BULK_IDS, boundedList } from './limits';
import { isKnownTimeZone } from '../local-time-text';

// Quiz attempts (the specification's Attempt fields and Attempts calls): one viewer's run through one quiz, read by the Quiz
// Report screen. rank is the place of the score within its quiz (higher score first, then less time).

export const { viewerDetail, attempt, bulkDeleteAttemptsPayload, attemptListQuery, attemptPage, participantsExportQuery } = builtOnFirstUse(
  () => {
    const viewerDetail = z.object({
      username: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
    });
    const attempt = z.object({
      id: z.number(),
      /** The viewer's username. */
      viewer: z.string(),
      viewer_detail: viewerDetail,
      quiz: z.object({ id: z.number(), name: z.string(), status: z.string() }),
      score: z.number(),
      /** Seconds, rounded. */
      time_taken: z.number(),
      rank: z.number(),
      status: z.string(),
      start_date_time: z.string(),
    });
    return {
      viewerDetail,
      attempt,
      /** GET attempts/: also `?quiz=<id>`; ranks stay those of the whole quiz whatever the filters. */
      attemptListQuery: z.object({ ...pagingQuery(), ...searchQuery(), quiz: idFilter() }),
      attemptPage: pageOf(attempt),
      /** GET export-quiz-participants/: the same filters, every row. */
      participantsExportQuery: z.object({
        ...searchQuery(),
        quiz: idFilter(),
        // The reader's time zone: the Start Time column is then on their clock, not UTC ISO text.
        tz: z.string().max(64).refine(isKnownTimeZone, 'Unknown time zone.').optional(),
      }),
      bulkDeleteAttemptsPayload: z.object({
        attempts: boundedList(z.number().int().positive('Incorrect type. Expected pk value.'), MAX_BULK_IDS).refine(
          (ids) => ids.length > 0,
          'This list may not be empty.',
        ),
      }),
    };
  },
);
export type ViewerDetail = z.infer<typeof viewerDetail>;
export type Attempt = z.infer<typeof attempt>;
export type BulkDeleteAttemptsPayload = z.infer<typeof bulkDeleteAttemptsPayload>;
export type AttemptListQuery = z.input<typeof attemptListQuery>;
export type ParticipantsExportQuery = z.input<typeof participantsExportQuery>;

/** The columns of export-quiz-participants/ (report.csv). */
export const PARTICIPANTS_CSV_HEADER = ['Name', 'Email', 'Mobile', 'Quiz', 'Score', 'Time Taken', 'Rank', 'Status', 'Start Time'] as const;
