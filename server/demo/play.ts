import { nowIso, toCount } from '../db/rows';
import type { DemoContext } from './demo-context';

// The demo, ready to play: a host-led quiz waiting to start at /play/demo-live-quiz with join
// code 1234, and the first demo poll open for votes at /play/poll/demo-poll-link with join code 4321 (see
// polls.ts). The polls' seeded votes get a voter and a vote each, so a choice's count is the real count
// of votes and a phone's vote adds one to it.

export const DEMO_LIVE_QUIZ_HASH = 'demo-live-quiz';
export const DEMO_LIVE_QUIZ_CODE = '1234';
const DAY = 24 * 60 * 60 * 1000;

export async function seedDemoPlay({ db, clock, clientId }: DemoContext): Promise<void> {
  // The demo's host-led quiz that waits to be announced becomes the playable one (one quiz per status and
  // mode stays true), with a link and a code easy to type, joined with the form, and its answers shown.
  const now = clock.now().getTime();
  await db
    .updateTable('quizzes')
    .set({
      quiz_hash: DEMO_LIVE_QUIZ_HASH,
      join_code: DEMO_LIVE_QUIZ_CODE,
      active: true,
      auth_used: 'FORM_BASED',
      qs_timer: 20,
      before_qs_timer: 5,
      show_count_down: true,
      show_options: true,
      max_attempt_count: 3,
      start_date_time: new Date(now).toISOString(),
      end_date_time: new Date(now + 30 * DAY).toISOString(),
    })
    .where('client_id', '=', clientId)
    .where('mode', '=', 'MANUAL')
    .where('status', '=', 'ANNOUNCED')
    .execute();

  const choices = await db
    .selectFrom('poll_choices')
    .select(['id', 'poll_id', 'votes'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  for (const choice of choices) {
    for (let i = 0; i < toCount(choice.votes); i += 1) {
      const voter = await db
        .insertInto('poll_voters')
        .values({
          token_hash: `demo-${choice.id}-${i}`,
          client_id: clientId,
          poll_id: choice.poll_id,
          created_at: nowIso(clock),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('poll_votes')
        .values({ poll_id: choice.poll_id, voter_id: voter.id, choice_id: choice.id, created_at: nowIso(clock) })
        .execute();
    }
  }
}
