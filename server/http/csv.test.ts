import { describe, expect, it } from 'vitest';
import { csvCell, csvStream, inBatches } from './csv';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", '"\'\rx"']);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-3)).toBe("'-3");
  });

  it('also neutralises a formula sign behind whitespace, newlines or zero-width characters, and full-width signs', () => {
    const hidden = [
      ' =1+1',
      '   +1',
      '\u00A0=1',
      '\u3000@x',
      '\n=HYPERLINK("x")',
      '\r\n-1',
      '\u200B=1',
      '\uFEFF+1',
      '\u2060@a',
      ' \u200D\t=1',
    ];
    for (const cell of hidden) expect(csvCell(cell).replace(/^"/, '')).toMatch(/^'/);
    for (const sign of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      expect(csvCell(`${sign}SUM(A1)`)).toBe(`'${sign}SUM(A1)`);
      expect(csvCell(` ${sign}1`)).toBe(`' ${sign}1`);
    }
    expect(csvCell('\tplain')).toBe("'\tplain");
    expect(csvCell('\rplain')).toBe('"\'\rplain"');
    // Text that only starts with a space, or has a sign later on, stays as it is.
    expect(['  Ann', 'a=b', 'Ann + Bob', '\u200BAnn'].map(csvCell)).toEqual(['  Ann', 'a=b', 'Ann + Bob', '\u200BAnn']);
  });

  it('quotes commas, quotes and newlines, and writes null as empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('streams a byte-order mark, the header and the rows', async () => {
    async function* rows() {
      yield ['Ann', 3];
      yield ['Bob', 5];
    }
    expect(await text(csvStream(['Name', 'Score'], rows()))).toBe('\uFEFFName,Score\r\nAnn,3\r\nBob,5\r\n');
  });

  it('sends many rows in a few large chunks, not one write per line', async () => {
    async function* rows() {
      for (let index = 0; index < 5000; index += 1) yield [`Person ${index}`, index];
    }
    const chunks: string[] = [];
    for await (const chunk of csvStream(['Name', 'Score'], rows())) chunks.push(String(chunk));
    const expected = `\uFEFFName,Score\r\n${Array.from({ length: 5000 }, (_, index) => `Person ${index},${index}\r\n`).join('')}`;
    expect(chunks.join('')).toBe(expected);
    // About 80 kB of text: two chunks of at least 64k characters' worth, not 5,001 lines.
    expect(chunks.length).toBeLessThanOrEqual(3);
  });

  it('reads in id-ordered batches until a short batch', async () => {
    const ids = Array.from({ length: 25 }, (_, index) => ({ id: index + 1 }));
    const calls: number[] = [];
    const seen: number[] = [];
    for await (const row of inBatches(async (afterId, limit) => {
      calls.push(afterId);
      return ids.filter((item) => item.id > afterId).slice(0, limit);
    }, 10))
      seen.push(row.id);
    expect(seen).toEqual(ids.map((item) => item.id));
    expect(calls).toEqual([0, 10, 20]);
  });
});
