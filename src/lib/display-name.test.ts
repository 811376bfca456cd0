import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanDisplayName } from './display-name';

const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00AD\u115F\u1160\u180E\u3164\uFFA0\p{Cc}\p{Co}]/u;

/** Text mixing ordinary letters with the characters a prankster would slip into a name. */
const hostileName = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 4 }),
      fc.constantFrom('\u202E', '\u202D', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C'),
      fc.constantFrom('\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u3164', '\u115F', '\uE000', '\u2800'),
      fc.constantFrom(' ', '\u00A0', '\u3000', '\u2028', '\t', '\n', '\uFE0F', '👨', '👩', '🏳'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('cleanDisplayName', () => {
  it('removes the bidi override and zero-width characters of a disguised name', () => {
    expect(cleanDisplayName('\u202Egnp.exe\u200B')).toBe('gnp.exe');
    expect(cleanDisplayName('A\u200Bd\u2060a\uFEFF \u2067Lovelace\u2069')).toBe('Ada Lovelace');
    expect(cleanDisplayName('\u3164')).toBe('');
    expect(cleanDisplayName('  Zoë\u00A0\u00A0 Ng  ')).toBe('Zoë Ng');
  });

  it('keeps the letters of every script and whole emoji', () => {
    expect(cleanDisplayName('محمد')).toBe('محمد');
    expect(cleanDisplayName('李小龍')).toBe('李小龍');
    expect(cleanDisplayName('👨\u200D👩\u200D👧 Fam')).toBe('👨\u200D👩\u200D👧 Fam');
    expect(cleanDisplayName('❤\uFE0F Jo')).toBe('❤\uFE0F Jo');
  });

  it('never leaves a bidi control, an invisible character or a doubled space, for any text', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const clean = cleanDisplayName(name);
        const strayJoiner = clean.replace(/\p{Extended_Pictographic}\uFE0F?\u200D(?=\p{Extended_Pictographic})/gu, '');
        expect(strayJoiner).not.toMatch(INVISIBLE);
        expect(clean).not.toMatch(/\s\s|^\s|\s$/u);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent and never makes a name longer', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const clean = cleanDisplayName(name);
        expect(cleanDisplayName(clean)).toBe(clean);
        expect(clean.normalize('NFC').length).toBeLessThanOrEqual(name.normalize('NFC').length);
      }),
      { numRuns: 2000 },
    );
  });
});
