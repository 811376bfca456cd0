import Papa from 'papaparse';
import type { Attempt } from './contract/attempt';
import { ATTEMPTS_CSV_HEADER, CSV_CHUNK_ROWS, attemptName, attemptsCsv, attemptsCsvFileName } from './attempts-csv';

function attempt(id: number, first: string, last = 'Tester', overrides: Partial<Attempt> = {}): Attempt {
  return {
    id,
    viewer: `user${id}`,
    viewer_detail: { username: `user${id}`, first_name: first, last_name: last, email: `u${id}@example.com` },
    quiz: { id: 1, name: 'Pub Quiz', status: 'COMPLETED' },
    score: 7,
    time_taken: 42,
    rank: 1,
    status: 'COMPLETED',
    start_date_time: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

describe('attempts CSV', () => {
  it('starts with the byte-order mark and the table header without Delete, comma separated, CRLF lines', () => {
    const text = attemptsCsv([attempt(1, 'Ann', 'Lee')]);
    expect(text).toBe('\uFEFFName,Quiz,Score,Time Taken,Rank,Status\r\nAnn Lee,Pub Quiz,7,42,1,Completed\r\n');
    expect(ATTEMPTS_CSV_HEADER).not.toContain('Delete');
  });

  it('neutralises formula cells with an apostrophe, quoting as CSV needs, and leaves numbers alone', () => {
    const text = attemptsCsv([
      attempt(1, '=HYPERLINK("x")'),
      attempt(2, '+1', '', { quiz: { id: 2, name: '@sum', status: 'STARTED' } }),
      attempt(3, '-2', 'x', { score: -1 }),
      attempt(4, 'Tab', '', { quiz: { id: 3, name: '\tTab', status: 'STARTED' } }),
    ]);
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"") Tester",Pub Quiz,7,42,1,Completed`);
    expect(lines[2]).toBe(`"'+1","'@sum",7,42,1,Completed`);
    expect(lines[3]).toBe(`"'-2 x",Pub Quiz,-1,42,1,Completed`);
    expect(lines[4]).toBe(`Tab,"'\tTab",7,42,1,Completed`);
  });

  it('quotes commas, quotes and line breaks so the file reads back to the same cells', () => {
    const tricky = attempt(1, 'O"Neil, Jr.', 'line\nbreak');
    const rows = Papa.parse<string[]>(attemptsCsv([tricky]).slice(1), { skipEmptyLines: true }).data;
    expect(rows[1]?.[0]).toBe('O"Neil, Jr. line\nbreak');
  });

  it('writes every row across chunks of 1000, one header only', () => {
    const many = Array.from({ length: CSV_CHUNK_ROWS * 2 + 5 }, (_, index) => attempt(index + 1, `Name${index + 1}`));
    const lines = attemptsCsv(many).slice(1).split('\r\n');
    expect(lines).toHaveLength(many.length + 2);
    expect(lines.filter((line) => line.startsWith('Name,'))).toHaveLength(1);
    expect(lines[CSV_CHUNK_ROWS]).toMatch(/^Name1000 Tester,/);
    expect(lines[CSV_CHUNK_ROWS + 1]).toMatch(/^Name1001 Tester,/);
    expect(lines.at(-2)).toMatch(/^Name2005 Tester,/);
    expect(lines.at(-1)).toBe('');
  });

  it('writes only the header when there is no attempt', () => {
    expect(attemptsCsv([])).toBe('\uFEFFName,Quiz,Score,Time Taken,Rank,Status\r\n');
  });

  it('names the viewer by full name, else by username', () => {
    expect(attemptName(attempt(5, ' ', ' '))).toBe('user5');
  });

  it('names the file attempts-{timestamp}.csv', () => {
    expect(attemptsCsvFileName(new Date('2026-11-21T09:05:12.345Z'))).toBe('attempts-2026-11-21T09-05-12Z.csv');
  });
});
