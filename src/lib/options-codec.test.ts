import { describe, expect, it } from 'vitest';
import { decodeOptions, encodeOptions, optionMap, optionsList } from './options-codec';

describe('options codec', () => {
  it('joins a map, a list of texts or entries into the stored text, in letter order', () => {
    const expected = 'A: Paris, B: Rome, C: Madrid, D: Berlin';
    expect(encodeOptions({ A: 'Paris', B: 'Rome', C: 'Madrid', D: 'Berlin' })).toBe(expected);
    expect(encodeOptions({ D: 'Berlin', C: 'Madrid', B: 'Rome', A: 'Paris' })).toBe(expected);
    expect(encodeOptions(['Paris', 'Rome', 'Madrid', 'Berlin'])).toBe(expected);
    expect(
      encodeOptions([
        { letter: 'B', text: 'Rome' },
        { letter: 'A', text: ' Paris ' },
      ]),
    ).toBe('A: Paris, B: Rome');
  });

  it('leaves out empty options and texts past D', () => {
    expect(encodeOptions(['x', '  ', 'z'])).toBe('A: x, C: z');
    expect(encodeOptions(['1', '2', '3', '4', '5'])).toBe('A: 1, B: 2, C: 3, D: 4');
  });

  it('round-trips through decode', () => {
    const options = { A: 'Paris', B: 'Rome, Italy', C: 'Madrid: Spain', D: 'Berlin' };
    const text = encodeOptions(options);
    expect(decodeOptions(text)).toEqual([
      { letter: 'A', text: 'Paris' },
      { letter: 'B', text: 'Rome, Italy' },
      { letter: 'C', text: 'Madrid: Spain' },
      { letter: 'D', text: 'Berlin' },
    ]);
    expect(encodeOptions(decodeOptions(text))).toBe(text);
  });

  it('keeps commas inside option texts, even before a letter that is not next', () => {
    expect(decodeOptions('A: red, green, B: blue, C: 1, 2, 3, D: none, A: again')).toEqual([
      { letter: 'A', text: 'red, green' },
      { letter: 'B', text: 'blue' },
      { letter: 'C', text: '1, 2, 3' },
      { letter: 'D', text: 'none, A: again' },
    ]);
  });

  it('splits at a later letter when one is missing', () => {
    expect(decodeOptions('A: one, C: three, D: four')).toEqual([
      { letter: 'A', text: 'one' },
      { letter: 'C', text: 'three' },
      { letter: 'D', text: 'four' },
    ]);
    expect(decodeOptions('B: two, D: four').map((entry) => entry.letter)).toEqual(['B', 'D']);
    expect(optionMap('A: one, C: three')).toEqual({ a: 'one', b: '', c: 'three', d: '' });
  });

  it('tolerates odd spacing around commas and colons', () => {
    expect(optionsList('  A:one ,B :  two,C:three   ,   D : four ')).toEqual(['A: one', 'B: two', 'C: three', 'D: four']);
  });

  it('reads text without a prefix as option A', () => {
    expect(decodeOptions('just one answer')).toEqual([{ letter: 'A', text: 'just one answer' }]);
    expect(decodeOptions('yes, B: no')).toEqual([
      { letter: 'A', text: 'yes' },
      { letter: 'B', text: 'no' },
    ]);
  });

  it('gives nothing for an empty text', () => {
    for (const empty of ['', '   ', null, undefined]) {
      expect(decodeOptions(empty)).toEqual([]);
      expect(optionsList(empty)).toEqual([]);
      expect(optionMap(empty)).toEqual({ a: '', b: '', c: '', d: '' });
    }
    expect(encodeOptions([])).toBe('');
    expect(encodeOptions({})).toBe('');
  });

  it('maps the list view keys a to d', () => {
    expect(optionMap('A: Paris, B: Rome, C: Madrid, D: Berlin')).toEqual({ a: 'Paris', b: 'Rome', c: 'Madrid', d: 'Berlin' });
  });
});
