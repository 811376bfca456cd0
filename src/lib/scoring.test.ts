import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANSWER_GRACE_MS } from './contract/play';
import { clampStamp, judgeAnswer, pointsFor, ranksOf, revealAt, type RoundWindow } from './scoring';

const opens = 1_000_000;
const timedRound = (qsTimer: number): RoundWindow => ({
  answer_opens_at: opens,
  closes_at: opens + qsTimer * 1000,
  reveal_at: opens + qsTimer * 1000 + ANSWER_GRACE_MS,
  qs_timer: qsTimer,
});
const timer = fc.integer({ min: 1, max: 120 });

describe('points', () => {
  it('a correct timed answer scores 1000 at the opening, 500 at the close, falling linearly', () => {
    expect(pointsFor(true, timedRound(20), opens)).toBe(1000);
    expect(pointsFor(true, timedRound(20), opens + 10_000)).toBe(750);
    expect(pointsFor(true, timedRound(20), opens + 20_000)).toBe(500);
    expect(pointsFor(false, timedRound(20), opens)).toBe(0);
    expect(pointsFor(true, { answer_opens_at: opens, qs_timer: 0 }, opens + 99_000)).toBe(1000);
  });

  it('stays within 500..1000 and never rises with time', () => {
    fc.assert(
      fc.property(timer, fc.nat(200_000), fc.nat(200_000), (qs, a, b) => {
        const round = timedRound(qs);
        const early = pointsFor(true, round, opens + Math.min(a, b));
        const late = pointsFor(true, round, opens + Math.max(a, b));
        return early >= late && late >= 500 && early <= 1000 && pointsFor(false, round, opens + a) === 0;
      }),
    );
  });
});

describe('the 15-second rule', () => {
  it('trusts a stamp by at most the grace, and never beyond the arrival', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), (chosen, received) => {
        const stamp = clampStamp(chosen, received);
        return (
          stamp <= received &&
          stamp >= received - ANSWER_GRACE_MS &&
          (chosen > received || chosen < received - ANSWER_GRACE_MS || stamp === chosen)
        );
      }),
    );
  });

  it('trusts a stamp no earlier than the phone’s last contact before the answer arrived', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 60_000 }),
        (chosen, received, sinceContact) => {
          const contact = received - sinceContact;
          const stamp = clampStamp(chosen, received, contact);
          return stamp <= received && stamp >= contact && stamp >= received - ANSWER_GRACE_MS && stamp >= Math.min(chosen, received);
        },
      ),
    );
    // Online, seen 2 s before the answer arrived: a stamp 10 s back counts from that contact.
    expect(clampStamp(1000, 12_000, 10_000)).toBe(10_000);
    // Offline since 20 s before it arrived: the stamp it chose, 12 s back, stands.
    expect(clampStamp(8000, 20_000, 0)).toBe(8000);
  });

  it('counts an answer chosen in the window and arriving up to 15 s after the close, with the points of the chosen moment', () => {
    const round = timedRound(20);
    const chosen = opens + 5_000;
    const judged = judgeAnswer(round, chosen, round.closes_at! + 14_000);
    expect(judged).toMatchObject({ counted: true, chosen_at: Math.max(chosen, round.closes_at! + 14_000 - ANSWER_GRACE_MS) });
    // Arriving 14 s late, 29 s after the choice: the stamp is trusted by 15 s only.
    const inTime = judgeAnswer(round, chosen, chosen + 10_000);
    expect(inTime).toEqual({ counted: true, chosen_at: chosen, seconds: 5 });
    expect(judgeAnswer(round, chosen, round.closes_at! + 20_000)).toEqual({ counted: false, reason: 'tooLate' });
    expect(judgeAnswer(round, chosen, opens - 1)).toEqual({ counted: false, reason: 'questionNotOpen' });
  });

  it('refuses anything arriving after the grace or the reveal, and counts whatever arrives inside the window', () => {
    fc.assert(
      fc.property(
        timer,
        fc.integer({ min: -30_000, max: 200_000 }),
        fc.integer({ min: 0, max: 300_000 }),
        (qs, chosenOffset, receivedOffset) => {
          const round = timedRound(qs);
          const received = opens + receivedOffset;
          const judged = judgeAnswer(round, opens + chosenOffset, received);
          if (received > round.closes_at! + ANSWER_GRACE_MS) return !judged.counted;
          if (received <= round.closes_at!) return judged.counted;
          return !judged.counted || (judged.chosen_at <= round.closes_at! && judged.chosen_at >= round.answer_opens_at);
        },
      ),
    );
  });

  it('holding an answer back gains nothing', () => {
    fc.assert(
      fc.property(timer, fc.nat(120_000), fc.nat(40_000), fc.nat(40_000), (qs, chosenOffset, d1, d2) => {
        const round = timedRound(qs);
        const chosen = opens + Math.min(chosenOffset, qs * 1000);
        const points = (delay: number) => {
          const judged = judgeAnswer(round, chosen, chosen + delay);
          return judged.counted ? pointsFor(true, round, judged.chosen_at) : 0;
        };
        return points(Math.min(d1, d2)) >= points(Math.max(d1, d2));
      }),
    );
  });

  it('reveals 15 s after the close, or once everybody answered if sooner', () => {
    expect(revealAt(10_000, null)).toBe(25_000);
    expect(revealAt(10_000, 8_000)).toBe(8_000);
    expect(revealAt(null, 8_000)).toBe(8_000);
    expect(revealAt(null, null)).toBeNull();
  });
});

describe('ranks', () => {
  it('orders by score, then time, ties sharing a rank', () => {
    expect(
      ranksOf([
        { score: 900, time_taken: 10 },
        { score: 1500, time_taken: 30 },
        { score: 900, time_taken: 10 },
        { score: 900, time_taken: 5 },
        { score: 0, time_taken: 0 },
      ]),
    ).toEqual([3, 1, 3, 2, 5]);
  });

  it('gives each standing 1 + the number of strictly better ones', () => {
    const standing = fc.record({ score: fc.nat(3000), time_taken: fc.nat(60) });
    fc.assert(
      fc.property(fc.array(standing, { maxLength: 40 }), (standings) => {
        const ranks = ranksOf(standings);
        return standings.every((s, i) => {
          const better = standings.filter((o) => o.score > s.score || (o.score === s.score && o.time_taken < s.time_taken)).length;
          return ranks[i] === better + 1;
        });
      }),
    );
  });
});
