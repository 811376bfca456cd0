import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, neutraliseCell, parseQuestionCsv, questionCsv, type CsvQuestion } from './question-csv';

const question = (overrides: Partial<CsvQuestion> = {}): CsvQuestion => ({
  category: 'History',
  description: 'Who built the pyramids?',
  hint: 'Think of Egypt',
  options: { A: 'Romans', B: 'Egyptians', C: 'Greeks', D: 'Vikings' },
  correctOption: 'B',
  ...overrides,
});

const strip = ({ line: _line, errors: _errors, ...rest }: CsvQuestion & { line: number; errors: string[] }) => rest;

describe('question CSV', () => {
  it('exports with a byte-order mark and the import columns, and imports the export unchanged (round trip)', () => {
    const bank = [
      question(),
      question({
        description: 'Commas, "quotes" and\na line break',
        options: { A: 'red, green', B: '-1', C: '=SUM(A1:A2)', D: '@home' },
        hint: '',
      }),
      question({ category: 'Música', description: '+ or −?', correctOption: 'D' }),
    ];
    const text = questionCsv(bank);
    expect(text.startsWith('\uFEFFcategory,description,hint,option A,option B,option C,option D,correct option\r\n')).toBe(true);
    const imported = parseQuestionCsv(text);
    expect(imported.fileErrors).toEqual([]);
    expect(imported.rows.map((row) => row.errors)).toEqual([[], [], []]);
    expect(imported.rows.map(strip)).toEqual(bank);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const text = questionCsv([
      question({ description: '=HYPERLINK("http://evil")', hint: '\tx', options: { A: '+1', B: '-1', C: '@a', D: 'plain' } }),
    ]);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'+1,'-1,'@a,plain");
    expect(neutraliseCell('\rcr')).toBe("'\rcr");
    expect(neutraliseCell('safe = text')).toBe('safe = text');
  });

  it('gives each row its own problems, with its line number, and upper-cases the correct option', () => {
    const csv = [
      'Category,Description,Hint,Option A,Option B,Option C,Option D,Correct Option',
      'History,Fine question,,a,b,c,d,c',
      ',No category,,a,b,c,d,A',
      'History,,,a,b,c,d,A',
      'History,Two options only,,a,b,,,A',
      'History,Bad letter,,a,b,c,d,E',
    ].join('\n');
    const { rows, fileErrors } = parseQuestionCsv(csv);
    expect(fileErrors).toEqual([]);
    expect(rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6]);
    expect(rows[0]).toMatchObject({ correctOption: 'C', errors: [] });
    expect(rows[1]?.errors).toEqual(['category: This field may not be blank.']);
    expect(rows[2]?.errors).toEqual(['description: This field may not be blank.']);
    expect(rows[3]?.errors[0]).toMatch(/Missing: C, D\.$/);
    expect(rows[4]?.errors).toEqual(['correct option: "E" is not a valid choice.']);
  });

  it('refuses a file without the columns, or with too many rows, as a whole', () => {
    expect(parseQuestionCsv('name,text\nx,y').fileErrors[0]).toMatch(/Missing: category, description, hint/);
    const many = questionCsv(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => question()));
    expect(parseQuestionCsv(many)).toMatchObject({ rows: [], fileErrors: [expect.stringMatching(/at most 5000/)] });
  });

  it('reports a row with too many cells', () => {
    const { rows } = parseQuestionCsv('category,description,hint,option A,option B,option C,option D,correct option\nH,d,,a,b,c,d,A,extra');
    expect(rows[0]?.errors).toEqual([expect.stringMatching(/Too many fields/)]);
  });
});
