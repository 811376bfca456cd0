/** One measured figure of a benchmark, with the budget it must keep (if any). */
export interface BenchRow {
  metric: string;
  value: number;
  unit: string;
  budget?: { max?: number; min?: number };
}

/** What every tests/bench/*.bench.ts exports as `benchmark`. */
export interface Benchmark {
  name: string;
  run(): Promise<BenchRow[]>;
}

/** Whether a row keeps its budget (a row without one always does). */
export function withinBudget(row: BenchRow): boolean {
  const { max, min } = row.budget ?? {};
  return (max === undefined || row.value <= max) && (min === undefined || row.value >= min);
}
