import { randomBytes } from 'node:crypto';
import { created } from '../db/rows';
import { newPollLinkKey } from '../polls/poll-service';
import { sponsorPng } from './sponsor-image';
import type { DemoContext } from './demo-context';

// Demo polls (docs/decisions.md "Demo data"): three polls in different states, each with voted choices, so the
// List Polls and Edit Poll screens show real rows. The first carries a QR image when uploads are available.

const DEMO_POLL_LINK_KEY = 'demo-poll-link';

const DEMO_POLLS = [
  {
    name: 'Best conference snack',
    // Open for votes from a phone: /play/poll/demo-poll-link (README, "Play a quiz from phones on the same network"). The demo is public,
    // so its link key is a known one; every other poll's is random (poll-service.ts newPollLinkKey).
    join_code: '4321',
    poll_hash: 'demo-live-poll',
    link_key: DEMO_POLL_LINK_KEY,
    show_options: true,
    show_total_votes: true,
    active: true,
    choices: [
      ['Crisps', 12],
      ['Fresh fruit', 7],
      ['Cookies', 21],
    ],
  },
  {
    name: 'Theme of the next quiz night',
    join_code: '2025',
    show_options: true,
    show_total_votes: false,
    active: true,
    choices: [
      ['Space', 9],
      ['History', 14],
      ['Movies', 18],
      ['Sport', 5],
    ],
  },
  {
    name: 'How was today’s session?',
    join_code: '77',
    show_options: false,
    show_total_votes: true,
    active: false,
    choices: [
      ['Great', 30],
      ['Good', 11],
      ['Could be better', 4],
    ],
  },
] as const;

export async function seedDemoPolls({ db, clock, clientId, uploads }: DemoContext): Promise<void> {
  for (const [index, poll] of DEMO_POLLS.entries()) {
    const qrImage =
      index === 0 && uploads ? await uploads.saveImage({ field: 'qr_image', filename: 'qr.png', data: sponsorPng([20, 20, 20]) }) : null;
    const { id } = await db
      .insertInto('polls')
      .values({
        name: poll.name,
        join_code: poll.join_code,
        poll_hash: 'poll_hash' in poll ? poll.poll_hash : randomBytes(8).toString('hex'),
        link_key: 'link_key' in poll ? poll.link_key : newPollLinkKey(),
        qr_image: qrImage,
        show_options: poll.show_options,
        show_total_votes: poll.show_total_votes,
        active: poll.active,
        ...created(clock, clientId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('poll_choices')
      .values(poll.choices.map(([name, votes]) => ({ poll_id: id, name, votes, ...created(clock, clientId) })))
      .execute();
  }
}
