import { PLAY_MESSAGES, type PlayPoll } from '../../src/lib/contract/play';
import { hashSecret, newSecret } from '../http/secrets';
import { isUniqueViolation, nowIso, toBool, toCount } from '../db/rows';
import { badRequest } from '../http/errors';
import type { MediaUrls } from '../http/media-urls';
import { voterLimit } from '../http/throttle';
import { refused, type PlayDeps } from './play-context';

// Polls on the phone (docs/decisions.md "Play"): the join code gives a voter token (one per device and poll), which
// votes once, while the poll is active. One person, one vote within reason: a device that joins again gets its
// voter back, and one network makes at most VOTER_LIMIT new voters of a poll an hour (docs/security.md). The
// vote and the choice's count change in one transaction, and a second vote loses on the unique (poll, voter)
// index, so counts are exact under any concurrency.

export function pollPlayService(deps: PlayDeps) {
  const { db, clock, throttle, live } = deps;
  const voters = voterLimit(db, clock);

  /** The poll of a public link: by its link key only, so an admin's (guessable) poll hash finds nothing. */
  async function pollByLink(linkKey: string) {
    const poll = await db
      .selectFrom('polls')
      .innerJoin('clients', 'clients.id', 'polls.client_id')
      .selectAll('polls')
      .select('clients.poll_enabled')
      .where('polls.link_key', '=', linkKey)
      .executeTakeFirst();
    if (!poll || !toBool(poll.poll_enabled)) throw refused(404, PLAY_MESSAGES.unknownPoll);
    return poll;
  }

  /** The voter of this poll the key stands for; 401 otherwise (another poll's voter, a participant, junk). */
  async function voterOf(pollId: number, key: string) {
    const voter = await db.selectFrom('poll_voters').select(['id', 'poll_id']).where('token_hash', '=', hashSecret(key)).executeTakeFirst();
    if (!voter || voter.poll_id !== pollId) throw refused(401, PLAY_MESSAGES.voterOnly);
    return voter;
  }

  return {
    async get(linkKey: string, key: string | null, media: MediaUrls): Promise<PlayPoll> {
      const poll = await pollByLink(linkKey);
      const voter = key === null ? null : await voterOf(poll.id, key);
      const choices = await db
        .selectFrom('poll_choices')
        .select(['id', 'name', 'votes'])
        .where('poll_id', '=', poll.id)
        .orderBy('id')
        .execute();
      const mine = voter
        ? await db
            .selectFrom('poll_votes')
            .select('choice_id')
            .where('poll_id', '=', poll.id)
            .where('voter_id', '=', voter.id)
            .executeTakeFirst()
        : undefined;
      const client = await db.selectFrom('clients').selectAll().where('id', '=', poll.client_id).executeTakeFirstOrThrow();
      const showVotes = toBool(poll.show_options);
      const total = choices.reduce((sum, choice) => sum + toCount(choice.votes), 0);
      return {
        link_key: poll.link_key,
        name: poll.name,
        active: toBool(poll.active),
        show_options: showVotes,
        show_total_votes: toBool(poll.show_total_votes),
        choices: choices.map((choice) => ({ id: choice.id, name: choice.name, votes: showVotes ? toCount(choice.votes) : null })),
        total_votes: toBool(poll.show_total_votes) ? total : null,
        my_choice: mine?.choice_id ?? null,
        branding: {
          business_name: client.business_name,
          description: client.description,
          business_logo: media(client.business_logo),
          background_image: media(client.background_image),
          mascot_logo: media(client.mascot_logo),
        },
        server_time: clock.now().getTime(),
      };
    },

    /**
     * A voter token for this device. A device that joined before (`deviceToken`, its cookie) gets its voter back,
     * vote and all; new voters are limited per network (http/throttle.ts voterLimit), so re-joining to vote again
     * goes only so far.
     */
    async join(linkKey: string, joinCode: string, address: string, deviceToken: string | null = null): Promise<{ token: string }> {
      const poll = await pollByLink(linkKey);
      const target = `poll:${poll.id}`;
      const standing = await throttle.check(target, address);
      if (joinCode !== poll.join_code) throw await throttle.wrongCode(target, address);
      await throttle.rightCode(target, address, standing);
      if (deviceToken !== null) {
        const returning = await db
          .selectFrom('poll_voters')
          .select('id')
          .where('token_hash', '=', hashSecret(deviceToken))
          .where('poll_id', '=', poll.id)
          .executeTakeFirst();
        if (returning) return { token: deviceToken };
      }
      await voters.newVoter(poll.id, address);
      const token = newSecret();
      await db
        .insertInto('poll_voters')
        .values({ token_hash: hashSecret(token), client_id: poll.client_id, poll_id: poll.id, created_at: nowIso(clock) })
        .execute();
      return { token };
    },

    async vote(linkKey: string, key: string, choiceId: number): Promise<void> {
      const poll = await pollByLink(linkKey);
      const voter = await voterOf(poll.id, key);
      if (!toBool(poll.active)) throw refused(403, PLAY_MESSAGES.pollClosed);
      const choice = await db
        .selectFrom('poll_choices')
        .select('id')
        .where('id', '=', choiceId)
        .where('poll_id', '=', poll.id)
        .executeTakeFirst();
      if (!choice) throw badRequest(PLAY_MESSAGES.choiceNotInPoll);
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('poll_votes')
            .values({ poll_id: poll.id, voter_id: voter.id, choice_id: choice.id, created_at: nowIso(clock) })
            .execute();
          await trx
            .updateTable('poll_choices')
            .set((eb) => ({ votes: eb('votes', '+', 1), updated_at: nowIso(clock) }))
            .where('id', '=', choice.id)
            .execute();
          // updated_at, not version: the portal's mirror picks the count up (updated_after) while an
          // admin's edit of the poll is not turned into a conflict by every vote.
          await trx
            .updateTable('polls')
            .set({ updated_at: nowIso(clock) })
            .where('id', '=', poll.id)
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused(409, PLAY_MESSAGES.alreadyVoted);
        throw error;
      }
      live.pollChanged(poll.id);
    },
  };
}
