import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, type NamedRow } from './report';
import { withinBudget, type Benchmark } from './types';

// `npm run bench [name ...]`: runs every tests/bench/*.bench.ts (or those whose file or benchmark name is
// given), one after another so they do not disturb each other, prints one table and exits 1 when a budget
// is broken or a benchmark fails. See README.md.

const directory = path.dirname(fileURLToPath(import.meta.url));

function benchFiles(wanted: readonly string[]): string[] {
  const all = readdirSync(directory)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort();
  if (wanted.length === 0) return all;
  const chosen = all.filter((file) => wanted.some((name) => file === name || file === `${name}.bench.ts` || path.basename(name) === file));
  const unknown = wanted.filter(
    (name) => !all.some((file) => file === name || file === `${name}.bench.ts` || path.basename(name) === file),
  );
  if (unknown.length > 0) throw new Error(`No benchmark file for: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  return chosen;
}

async function main(): Promise<number> {
  const rows: NamedRow[] = [];
  let failed = false;
  for (const file of benchFiles(process.argv.slice(2))) {
    const module = (await import(pathToFileURL(path.join(directory, file)).href)) as { benchmark?: Benchmark };
    const benchmark = module.benchmark;
    if (!benchmark) throw new Error(`${file} does not export a benchmark`);
    console.error(`running ${benchmark.name} (${file})...`);
    try {
      for (const row of await benchmark.run()) rows.push({ ...row, benchmark: benchmark.name });
    } catch (error) {
      failed = true;
      console.error(`${benchmark.name} failed:`, error);
    }
  }
  console.info(formatTable(rows));
  const over = rows.filter((row) => !withinBudget(row));
  if (over.length > 0)
    console.info(`\n${over.length} budget(s) broken: ${over.map((row) => `${row.benchmark} / ${row.metric}`).join(', ')}`);
  return failed || over.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
