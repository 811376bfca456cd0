import { beforeEach, describe, expect, it } from 'vitest';
import { allCategories, createCategory } from '../../store/categories';
import { allQuestions } from '../../store/questions';
import { clearTables, queuedChanges } from '../../store/testing';
import { parseQuestionCsv, questionCsv } from '../../../lib/question-csv';
import { csvQuestionsOf, importQuestions, newCategoryNames } from './question-import';
import { buildSearchIndex, categoryNames } from './question-rows';

beforeEach(() => clearTables('categories', 'questions', 'outbox', 'idMap'));

const CSV = [
  'category,description,hint,option A,option B,option C,option D,correct option',
  'history,Who built the pyramids?,,Romans,Egyptians,Greeks,Vikings,b',
  'Space,Largest planet?,Gas,Mars,Jupiter,Venus,Earth,B',
  'SPACE,Closest star?,,Sun,Sirius,Vega,Rigel,A',
  'Space,Broken row,,a,b,,,A',
].join('\n');

describe('question import', () => {
  it('queues the ready rows through the outbox, creating each unknown category once (names compared case-insensitively)', async () => {
    const history = await createCategory({ name: 'History' });
    const { rows } = parseQuestionCsv(CSV);
    expect(newCategoryNames(rows, [history])).toEqual(['Space']);

    expect(await importQuestions(rows)).toBe(3);
    const categories = await allCategories();
    expect(categories.map((category) => category.name).sort()).toEqual(['History', 'Space']);
    const space = categories.find((category) => category.name === 'Space');
    const questions = await allQuestions();
    expect(questions.map((question) => [question.description, question.category, question.correct_option]).sort()).toEqual([
      ['Closest star?', space?.localId, 'A'],
      ['Largest planet?', space?.localId, 'B'],
      ['Who built the pyramids?', history.localId, 'B'],
    ]);
    const outbox = await queuedChanges();
    expect(outbox.map((entry) => `${entry.entity}:${entry.kind}`)).toEqual([
      'categories:create',
      'categories:create',
      'questions:create',
      'questions:create',
      'questions:create',
    ]);
    expect(
      outbox
        .filter((entry) => entry.entity === 'questions' && entry.kind === 'create' && entry.payload.category === space?.localId)
        .every((entry) => entry.dependsOn.includes(space?.localId ?? '')),
    ).toBe(true);
  });

  it('exports the bank in the import format: importing the export gives the same questions (round trip)', async () => {
    const { rows } = parseQuestionCsv(CSV);
    await importQuestions(rows);
    const names = categoryNames(await allCategories());
    const bank = buildSearchIndex(await allQuestions(), names).map((entry) => entry.row);
    const exported = csvQuestionsOf(bank, names);
    const again = parseQuestionCsv(questionCsv(exported)).rows.map(({ line: _line, errors: _errors, ...question }) => question);
    expect(again).toEqual(exported);
    expect(exported.map((question) => question.category).sort()).toEqual(['Space', 'Space', 'history']);
  });
});
