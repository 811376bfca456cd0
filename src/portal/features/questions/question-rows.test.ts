import { describe, expect, it } from 'vitest';
import { optionsOfQuestion } from '../../../lib/options-codec';
import { buildSearchIndex, categoryNames, existingLetters, searchQuestions, type CategoryChoice, type QuestionRow } from './question-rows';

const category = (
  name: string,
  serverId: number | null,
  localId = serverId === null ? `local-${name}` : `s-${serverId}`,
): CategoryChoice => ({
  localId,
  serverId,
  syncState: serverId === null ? 'pending' : 'synced',
  serverCopy: null,
  name,
});

const question = (serverId: number | null, description: string, fields: Partial<QuestionRow> = {}): QuestionRow => ({
  localId: serverId === null ? `local-${description}` : `s-${serverId}`,
  serverId,
  syncState: serverId === null ? 'pending' : 'synced',
  serverCopy: null,
  description,
  hint: '',
  options: 'A: red, green, B: blue, C: black, D: white',
  correct_option: 'A',
  category: 1,
  ...fields,
});

describe('question rows', () => {
  const names = categoryNames([category('History', 1), category('Music', null)]);

  it('reads options from the text first (a local edit leaves option_map stale), from the list of a write answer, or from option_map', () => {
    expect(
      optionsOfQuestion({ options: 'A: red, green, B: blue, C: x, D: y', option_map: { a: 'old', b: 'old', c: 'old', d: 'old' } }),
    ).toEqual({
      a: 'red, green',
      b: 'blue',
      c: 'x',
      d: 'y',
    });
    expect(optionsOfQuestion({ options: ['A: one, two', 'B: three', 'C: four', 'D: five'] })).toEqual({
      a: 'one, two',
      b: 'three',
      c: 'four',
      d: 'five',
    });
    expect(optionsOfQuestion({ option_map: { a: '1', b: '2', c: '3', d: '4' } })).toEqual({ a: '1', b: '2', c: '3', d: '4' });
    expect(existingLetters({ options: 'A: 1, B: 2, C: 3' })).toEqual(['A', 'B', 'C']);
  });

  it('orders like the server, newest first, questions not yet on the server on top', () => {
    const index = buildSearchIndex([question(3, 'c'), question(null, 'new'), question(10, 'j'), question(1, 'a')], names);
    expect(searchQuestions(index, '').map((row) => row.description)).toEqual(['new', 'j', 'c', 'a']);
  });

  it('searches description, hint, options and category name (also a category created offline); every term must match; clearing restores', () => {
    const rows = [
      question(1, 'Who wrote Hamlet?', { hint: 'A playwright' }),
      question(2, 'Loudest instrument?', { category: 'local-Music' }),
      question(3, 'Capital of France?', { options: 'A: Paris, B: Rome, C: Oslo, D: Bern' }),
    ];
    const index = buildSearchIndex(rows, names);
    expect(searchQuestions(index, 'PLAYWRIGHT').map((row) => row.serverId)).toEqual([1]);
    expect(searchQuestions(index, 'music').map((row) => row.serverId)).toEqual([2]);
    expect(searchQuestions(index, 'oslo capital').map((row) => row.serverId)).toEqual([3]);
    expect(searchQuestions(index, 'oslo+hamlet')).toEqual([]);
    expect(searchQuestions(index, 'history').map((row) => row.serverId)).toEqual([3, 1]);
    expect(searchQuestions(index, '   ')).toHaveLength(3);
  });
});
