import { ANSWER_GRACE_MS } from './contract/play';

// Scoring of Play (docs/decisions.md "Play"), pure so that the server and the tests share it. Times are epoch ms of
// the server. A round's answering window is [answer_opens_at, closes_at] (closes_at null: open until the
// host moves on). An answer counts if it was chosen inside the window and arrives at most ANSWER_GRACE_MS
// after it closed (and before the round was revealed); the phone's stamp is trusted by at most those 15 s, and
// no earlier than the phone's last contact with the server.

export const MAX_POINTS = 1000;
export const MIN_CORRECT_POINTS = 500;

export interface RoundWindow {
  answer_opens_at: number;
  closes_at: number | null;
  reveal_at: number | null;
  /** Seconds the points fall over; 0 for an untimed round (self-paced, or a host without a timer). */
  qs_timer: number;
}

export type Judgement = { counted: true; chosen_at: number; seconds: number } | { counted: false; reason: 'questionNotOpen' | 'tooLate' };

/**
 * The stamp the server believes: never after the answer arrived, never more than the grace before it, and never
 * before `trustedFrom`, the phone's last successful contact with the server before the answer arrived. A phone
 * that was online then could have sent its answer at once: stamping it earlier gains nothing. A phone that
 * really was offline made no contact since, so the moment it chose stands.
 */
export function clampStamp(chosenAt: number, receivedAt: number, trustedFrom: number | null = null): number {
  const earliest = Math.max(receivedAt - ANSWER_GRACE_MS, trustedFrom ?? -Infinity);
  return Math.min(Math.max(chosenAt, earliest), receivedAt);
}

/**
 * Whether an answer stamped `chosenAt` and received at `receivedAt` counts, and the moment it is scored at
 * (`trustedFrom`: see clampStamp).
 */
export function judgeAnswer(round: RoundWindow, chosenAt: number, receivedAt: number, trustedFrom: number | null = null): Judgement {
  if (receivedAt < round.answer_opens_at) return { counted: false, reason: 'questionNotOpen' };
  if (round.closes_at !== null && receivedAt > round.closes_at + ANSWER_GRACE_MS) return { counted: false, reason: 'tooLate' };
  if (round.reveal_at !== null && receivedAt > round.reveal_at) return { counted: false, reason: 'tooLate' };
  // A stamp before the question opened is a phone clock a little off: scored as the opening moment.
  const stamp = Math.max(clampStamp(chosenAt, receivedAt, trustedFrom), round.answer_opens_at);
  if (round.closes_at !== null && stamp > round.closes_at) return { counted: false, reason: 'tooLate' };
  return { counted: true, chosen_at: stamp, seconds: secondsTaken(round, stamp) };
}

/** Seconds from the opening to the stamp, within the round's timer when it has one. */
export function secondsTaken(round: Pick<RoundWindow, 'answer_opens_at' | 'qs_timer'>, stamp: number): number {
  const elapsed = Math.max(stamp - round.answer_opens_at, 0);
  return (round.qs_timer > 0 ? Math.min(elapsed, round.qs_timer * 1000) : elapsed) / 1000;
}

/** 1000 down to 500 over the timer for a correct timed answer; 1000 untimed; 0 when wrong. */
export function pointsFor(correct: boolean, round: Pick<RoundWindow, 'answer_opens_at' | 'qs_timer'>, stamp: number): number {
  if (!correct) return 0;
  if (round.qs_timer <= 0) return MAX_POINTS;
  const t = secondsTaken(round, stamp);
  return Math.round(MAX_POINTS - (MAX_POINTS - MIN_CORRECT_POINTS) * (t / round.qs_timer));
}

/** When a round is revealed: 15 s after it closed, or earlier once everybody answered. */
export function revealAt(closesAt: number | null, allAnsweredAt: number | null): number | null {
  const late = closesAt === null ? null : closesAt + ANSWER_GRACE_MS;
  if (allAnsweredAt === null) return late;
  return late === null ? allAnsweredAt : Math.min(late, allAnsweredAt);
}

export interface Standing {
  score: number;
  time_taken: number;
}

/** Competition ranks (1, 2, 2, 4): by score, higher first, then by time taken, shorter first; ties share. */
export function ranksOf(standings: readonly Standing[]): number[] {
  const better = (a: Standing, b: Standing) => a.score > b.score || (a.score === b.score && a.time_taken < b.time_taken);
  const order = standings
    .map((_, index) => index)
    .sort((a, b) => {
      const x = standings[a] as Standing;
      const y = standings[b] as Standing;
      return better(x, y) ? -1 : better(y, x) ? 1 : 0;
    });
  const ranks = new Array<number>(standings.length);
  order.forEach((index, position) => {
    const previous = order[position - 1];
    const tied = previous !== undefined && !better(standings[previous] as Standing, standings[index] as Standing);
    ranks[index] = tied ? (ranks[previous] as number) : position + 1;
  });
  return ranks;
}
