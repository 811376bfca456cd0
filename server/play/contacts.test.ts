import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECONNECT_GAP_MS, RECONNECT_WINDOW_MS, trustedFrom, withContact, type Contacts } from './contacts';

const contactsAt = (moments: number[]): Contacts | undefined => moments.reduce<Contacts | undefined>(withContact, undefined);

describe('a phone’s contacts', () => {
  it('trusts a stamp from the last contact of a phone in touch, and from before the silence of one coming back', () => {
    expect(trustedFrom(undefined, 10_000)).toBeNull();
    // Reading every 2 s: the last read counts.
    expect(trustedFrom(contactsAt([0, 2000, 4000, 6000, 8000]), 9000)).toBe(8000);
    // Silent from 0 to 9 s, a read on coming back, then the kept answer: the contact before the silence.
    expect(trustedFrom(contactsAt([0, 9000]), 9100)).toBe(0);
    expect(trustedFrom(contactsAt([0, 9000, 9500]), 9600)).toBe(0);
    expect(trustedFrom(contactsAt([0, 9000]), 9000 + RECONNECT_WINDOW_MS)).toBe(0);
    // Long after coming back, the phone has been in touch since: its last contact counts again.
    expect(trustedFrom(contactsAt([0, 9000, 12_000, 15_000]), 15_500)).toBe(15_000);
  });

  it('never trusts earlier than the contact before the phone’s last silence, nor later than the answer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        (steps, after) => {
          const moments = steps.reduce<number[]>((all, step) => [...all, (all.at(-1) ?? 0) + step], []);
          const last = moments.at(-1) as number;
          const received = last + after;
          const trusted = trustedFrom(contactsAt(moments), received) as number;
          expect(trusted).toBeLessThanOrEqual(received);
          // The contact trusted is one of the phone's, and no contact between it and the answer came after a
          // silence long enough to be a drop, unless the answer followed that return at once.
          expect(moments).toContain(trusted);
          const later = moments.filter((moment) => moment > trusted);
          for (let i = 1; i < later.length; i += 1) expect((later[i] as number) - (later[i - 1] as number)).toBeLessThan(RECONNECT_GAP_MS);
        },
      ),
    );
  });
});
