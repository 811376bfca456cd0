import { withinBudget, type BenchRow } from './types';

// The one table `npm run bench` prints: benchmark, metric, value, unit, budget, ok/over.

export interface NamedRow extends BenchRow {
  benchmark: string;
}

function budgetText(row: BenchRow): string {
  const { max, min } = row.budget ?? {};
  const parts = [min !== undefined ? `>= ${min}` : '', max !== undefined ? `<= ${max}` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : '-';
}

function valueText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);
}

export function formatTable(rows: readonly NamedRow[]): string {
  const header = ['benchmark', 'metric', 'value', 'unit', 'budget', 'result'];
  const lines = rows.map((row) => [
    row.benchmark,
    row.metric,
    valueText(row.value),
    row.unit,
    budgetText(row),
    row.budget ? (withinBudget(row) ? 'ok' : 'OVER') : '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((width, column) => (column === 2 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}
