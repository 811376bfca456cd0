import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRecord } from '../../local/commands';
import { PortalDatabase } from '../../local/db';
import { parseQuestionCsv, questionCsv } from '../../lib/question-csv';
import { csvQuestionsOf, importQuestions, newCategoryNames } from './question-import';
import { buildSearchIndex, categoryNames, type CategoryChoice, type QuestionRow } from './question-rows';

let db: PortalDatabase;

beforeEach(() => {
  db = new PortalDatabase(`question-import-${crypto.randomUUID()}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

const CSV = [
  'category,description,hint,option A,option B,option C,option D,correct option',
  'history,Who built the pyramids?,,Romans,Egyptians,Greeks,Vikings,b',
  'Space,Largest planet?,Gas,Mars,Jupiter,Venus,Earth,B',
  'SPACE,Closest star?,,Sun,Sirius,Vega,Rigel,A',
  'Space,Broken row,,a,b,,,A',
].join('\n');

describe('question import', () => {
  it('queues the ready rows through the outbox, creating each unknown category once (names compared case-insensitively)', async () => {
    const history = await createRecord(db, 'categories', { name: 'History' });
    const { rows } = parseQuestionCsv(CSV);
    expect(newCategoryNames(rows, [history as CategoryChoice])).toEqual(['Space']);

    expect(await importQuestions(db, rows)).toBe(3);
    const categories = (await db.categories.toArray()) as CategoryChoice[];
    expect(categories.map((category) => category.name).sort()).toEqual(['History', 'Space']);
    const space = categories.find((category) => category.name === 'Space');
    const questions = (await db.questions.toArray()) as QuestionRow[];
    expect(questions.map((question) => [question.description, question.category, question.correct_option]).sort()).toEqual([
      ['Closest star?', space?.localId, 'A'],
      ['Largest planet?', space?.localId, 'B'],
      ['Who built the pyramids?', history.localId, 'B'],
    ]);
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((entry) => `${entry.entity}:${entry.kind}`)).toEqual([
      'categories:create',
      'categories:create',
      'questions:create',
      'questions:create',
      'questions:create',
    ]);
    expect(
      outbox
        .filter((entry) => entry.entity === 'questions' && entry.payload.category === space?.localId)
        .every((entry) => entry.dependsOn.includes(space?.localId ?? '')),
    ).toBe(true);
  });

  it('exports the bank in the import format: importing the export gives the same questions (round trip)', async () => {
    const { rows } = parseQuestionCsv(CSV);
    await importQuestions(db, rows);
    const categories = (await db.categories.toArray()) as CategoryChoice[];
    const names = categoryNames(categories);
    const bank = buildSearchIndex((await db.questions.toArray()) as QuestionRow[], names).map((entry) => entry.row);
    const exported = csvQuestionsOf(bank, names);
    const again = parseQuestionCsv(questionCsv(exported)).rows.map(({ line: _line, errors: _errors, ...question }) => question);
    expect(again).toEqual(exported);
    expect(exported.map((question) => question.category).sort()).toEqual(['Space', 'Space', 'history']);
  });
});
