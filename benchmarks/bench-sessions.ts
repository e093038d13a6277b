/**
 * The headline figures of `gardener bench` for benchmarks/RESULTS.md: every strategy on a folder of
 * recorded sessions (default ../shared/sessions) at --window 32000 (compaction forced) and 200000,
 * as markdown tables, then gardener's bars at 32000.
 *
 *   npx tsx benchmarks/bench-sessions.ts [--split dev|holdout|all] [--windows 32000,200000] [PATH...]
 *
 * The same figures come from `gardener bench PATH --window 32000` and `--window 200000`.
 */
import os from 'node:os';
import { checkBars } from '../src/doors/bench/bars.js';
import { loadSessions } from '../src/doors/bench/load.js';
import { FIGURE_COLUMNS } from '../src/doors/bench/report/columns.js';
import { runBench, type BenchReport } from '../src/doors/bench/run.js';
import { SPLIT_NAMES, type SplitName } from '../src/doors/bench/split.js';
import { STRATEGY_NAMES } from '../src/doors/bench/types.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const split = (flag('--split') ?? 'all') as SplitName;
if (!SPLIT_NAMES.includes(split)) throw new Error(`--split: one of ${SPLIT_NAMES.join(', ')}`);
const windows = (flag('--windows') ?? '32000,200000').split(',').map(Number);
const sources = args.length ? args : ['../shared/sessions'];

async function measure(window: number): Promise<BenchReport> {
  const run = runBench(loadSessions(sources, { cwd: process.cwd(), split }), {
    strategies: STRATEGY_NAMES,
    window,
    maskKeep: 10,
  });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return step.value;
}

function table(report: BenchReport): string {
  const header = ['strategy', ...FIGURE_COLUMNS.map((c) => c.header)];
  const rows = report.totals.map((f) => [`\`${f.strategy}\``, ...FIGURE_COLUMNS.map((c) => c.value(f))]);
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i ? '---:' : ':---')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

const cpus = os.cpus();
console.log(
  `Machine: ${os.type()} ${os.release()} · ${cpus[0]?.model.trim() ?? '?'} × ${cpus.length} · Node ${process.version}\n`,
);
for (const window of windows) {
  const report = await measure(window);
  console.log(`### --window ${window}\n`);
  console.log(
    `\`gardener bench ${sources.join(' ')} --window ${window}${split === 'all' ? '' : ` --split ${split}`}\` · ${report.sessions.length} sessions, ${report.aggregatedSessions} aggregated (≥ 10 calls), ${report.skipped.length} files skipped · ${(report.elapsedMs / 1000).toFixed(0)} s\n`,
  );
  console.log(table(report), '\n');
  if (window === 32_000) {
    console.log('Bars (gardener, aggregate, --window 32000):\n');
    for (const bar of checkBars(report) ?? [])
      console.log(
        `- ${bar.holds ? 'holds' : 'MISSED'}: ${bar.bar} — measured ${Number(bar.value.toFixed(4))}${bar.miss ? ` (${bar.miss})` : ''}`,
      );
    console.log('');
  }
}
