/**
 * The headline figures of `gardener bench` for benchmarks/RESULTS.md: every strategy on a folder of
 * recorded sessions (default ../shared/sessions) at --window 32000 (compaction forced) and 200000,
 * as markdown tables: the pooled figures, each source as a leave-one-source-out fold beside them
 * (docs/BENCH.md § Folds), then gardener's bars at 32000.
 *
 *   npx tsx benchmarks/bench-sessions.ts [--fold SOURCE] [--split dev|holdout|all] [--windows 32000,200000]
 *        [--strategies raw,mask,gardener] [PATH...]
 *
 * --fold SOURCE  tune on every source but SOURCE, report on SOURCE: the figures of the sessions of
 *                every other source (choose constants on these), then those of SOURCE alone (look
 *                at them at the end), each with gardener's bars.
 *
 * The same figures come from `gardener bench PATH --window 32000` and `--window 200000`.
 */
import os from 'node:os';
import { checkBars } from '../src/doors/bench/bars.js';
import { loadSessions } from '../src/doors/bench/load.js';
import { FIGURE_COLUMNS } from '../src/doors/bench/report/columns.js';
import { foldGrid } from '../src/doors/bench/report/folds.js';
import { runBench, type BenchReport, type SourceItem } from '../src/doors/bench/run.js';
import { SPLIT_NAMES, type SplitName } from '../src/doors/bench/split.js';
import { STRATEGY_NAMES, type StrategyName } from '../src/doors/bench/types.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const split = (flag('--split') ?? 'all') as SplitName;
if (!SPLIT_NAMES.includes(split)) throw new Error(`--split: one of ${SPLIT_NAMES.join(', ')}`);
const heldOut = flag('--fold');
const windows = (flag('--windows') ?? '32000,200000').split(',').map(Number);
const strategies = (flag('--strategies')?.split(',') ?? STRATEGY_NAMES) as StrategyName[];
for (const name of strategies)
  if (!STRATEGY_NAMES.includes(name))
    throw new Error(`--strategies: ${name} is not one of ${STRATEGY_NAMES.join(', ')}`);
const sources = args.length ? args : ['../shared/sessions'];

/** The sessions of the given sources whose fold passes the test. */
async function* sessionsWhere(keep: (fold: string | undefined) => boolean): AsyncGenerator<SourceItem> {
  for await (const item of loadSessions(sources, { cwd: process.cwd(), split }))
    if (item.type === 'skip' || keep(item.session.fold)) yield item;
}

async function measure(window: number, keep: (fold: string | undefined) => boolean): Promise<BenchReport> {
  const run = runBench(sessionsWhere(keep), { strategies, window, maskKeep: 10 });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return step.value;
}

function markdown(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i ? '---:' : ':---')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function table(report: BenchReport): string {
  return markdown(
    ['strategy', ...FIGURE_COLUMNS.map((c) => c.header)],
    report.totals.map((f) => [`\`${f.strategy}\``, ...FIGURE_COLUMNS.map((c) => c.value(f))]),
  );
}

function bars(report: BenchReport, window: number): void {
  console.log(`Bars (gardener, aggregate, --window ${window}):\n`);
  for (const bar of checkBars(report) ?? [])
    console.log(
      `- ${bar.holds ? 'holds' : 'MISSED'}: ${bar.bar} — measured ${Number(bar.value.toFixed(4))}${bar.miss ? ` (${bar.miss})` : ''}`,
    );
  console.log('');
}

function line(report: BenchReport, window: number, what: string): string {
  return `\`gardener bench ${sources.join(' ')} --window ${window}${split === 'all' ? '' : ` --split ${split}`}\`${what} · ${report.sessions.length} sessions, ${report.aggregatedSessions} aggregated (≥ 10 calls), ${report.skipped.length} files skipped · ${(report.elapsedMs / 1000).toFixed(0)} s\n`;
}

const cpus = os.cpus();
console.log(
  `Machine: ${os.type()} ${os.release()} · ${cpus[0]?.model.trim() ?? '?'} × ${cpus.length} · Node ${process.version} · load ${os.loadavg()[0]?.toFixed(1)}\n`,
);
for (const window of windows) {
  console.log(`### --window ${window}\n`);
  if (heldOut !== undefined) {
    const tune = await measure(window, (fold) => fold !== heldOut);
    const report = await measure(window, (fold) => fold === heldOut);
    if (report.sessions.length === 0)
      throw new Error(
        `--fold ${heldOut}: no session of that source (folds: ${tune.folds.map((f) => f.fold).join(', ')})`,
      );
    console.log(`#### Tune on: every source but ${heldOut}\n`);
    console.log(line(tune, window, ` (all folds but ${heldOut})`));
    console.log(table(tune), '\n');
    if (window === 32_000) bars(tune, window);
    console.log(`#### Report on: ${heldOut} (held out)\n`);
    console.log(line(report, window, ` (fold ${heldOut})`));
    console.log(table(report), '\n');
    if (window === 32_000) bars(report, window);
    continue;
  }
  const report = await measure(window, () => true);
  console.log(line(report, window, ''));
  console.log(table(report), '\n');
  const grid = foldGrid(report);
  if (grid)
    console.log(`Folds (each source held out; its own figures):\n\n${markdown(grid.header, grid.rows)}\n`);
  if (window === 32_000) bars(report, window);
}
