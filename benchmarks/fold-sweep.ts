/**
 * A tuned constant's values side by side on the leave-one-source-out folds (docs/BENCH.md § Folds:
 * the protocol). Each file is the `--json` report of one `gardener bench` run, the same command for
 * every file with only the constant's value changed (and the build redone); the first file is the
 * value in the code. Per fold (held-out source) and pooled, for each run: gardener's cost / raw, its
 * needles in context and mask's, and the requests that would fail the prefix check where the run
 * checked them. Then the verdict of each other value against the first: it wins only when on EVERY
 * fold its cost is not higher (to 4 decimals), its needles in context not fewer, and still at least
 * mask's, with no more prefix failures (a value with the same figures everywhere is said to be the
 * same: it does not reach the run); gardener fits nothing at bench time, so the fold left out is the
 * fold read.
 *
 *   npx tsx benchmarks/fold-sweep.ts [LABEL=]REPORT.json [LABEL=]REPORT.json ...
 *
 * A run's label defaults to its file name without `.json`. The reports come from, per value:
 *   gardener bench ../shared/sessions --window 32000 --json > NAME-VALUE.json
 * Machine figures: none (no timing).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StrategyFigures } from '../src/doors/bench/figures.js';
import type { BenchReport } from '../src/doors/bench/run.js';

interface Run {
  label: string;
  report: BenchReport;
}

/** The figures of one fold (or the pooled row) that the verdict reads. */
interface Cell {
  cost: number | null;
  inContext: number;
  maskInContext: number | null;
  prefixFailures: number | null;
}

const POOLED = 'pooled';

function readRun(arg: string): Run {
  const at = arg.indexOf('=');
  const file = at > 0 ? arg.slice(at + 1) : arg;
  const label = at > 0 ? arg.slice(0, at) : path.basename(file, '.json');
  let report: BenchReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
  } catch (error) {
    throw new Error(`${file}: not a readable bench --json report (${(error as Error).message})`);
  }
  if (!Array.isArray(report.folds) || !Array.isArray(report.totals))
    throw new Error(`${file}: no folds or totals; run gardener bench with --json`);
  if (!report.totals.some((figures) => figures.strategy === 'gardener'))
    throw new Error(`${file}: the gardener strategy was not run`);
  return { label, report };
}

function cellOf(totals: StrategyFigures[]): Cell {
  const gardener = totals.find((figures) => figures.strategy === 'gardener');
  const mask = totals.find((figures) => figures.strategy === 'mask');
  return {
    cost: gardener?.costRatio ?? null,
    inContext: gardener?.keptInContext ?? 0,
    maskInContext: mask?.keptInContext ?? null,
    prefixFailures: gardener?.prefixFailures ?? null,
  };
}

function cellsOf(report: BenchReport): Map<string, Cell> {
  const cells = new Map(report.folds.map((fold) => [fold.fold, cellOf(fold.totals)]));
  cells.set(POOLED, cellOf(report.totals));
  return cells;
}

const cost = (value: number | null): string => (value === null ? '–' : value.toFixed(4));
const rounded = (value: number | null): number => Math.round((value ?? 0) * 1e4);

function shown(cell: Cell | undefined, checked: boolean): string {
  if (!cell || cell.cost === null) return '–';
  const needles = `${cell.inContext}/${cell.maskInContext ?? '–'}`;
  return `${cost(cell.cost)} · ${needles}${checked ? ` · ${cell.prefixFailures ?? 0} pf` : ''}`;
}

/** The folds where `cell` loses to `base`, each with what it loses on. */
function losses(base: Map<string, Cell>, cells: Map<string, Cell>): string[] {
  const lost: string[] = [];
  for (const [fold, was] of base) {
    if (fold === POOLED || was.cost === null) continue;
    const now = cells.get(fold);
    if (!now || now.cost === null) {
      lost.push(`${fold}: missing`);
      continue;
    }
    const why = [
      rounded(now.cost) > rounded(was.cost) ? `cost ${cost(was.cost)}→${cost(now.cost)}` : '',
      now.inContext < was.inContext ? `needles ${was.inContext}→${now.inContext}` : '',
      now.maskInContext !== null && now.inContext < now.maskInContext ? 'below mask' : '',
      (now.prefixFailures ?? 0) > (was.prefixFailures ?? 0) ? 'prefix failures' : '',
    ].filter(Boolean);
    if (why.length) lost.push(`${fold}: ${why.join(', ')}`);
  }
  return lost;
}

/** Every fold's cost (to 4 decimals), needles and prefix failures the same as the first run's. */
function sameFigures(base: Map<string, Cell>, cells: Map<string, Cell>): boolean {
  return [...base].every(([fold, was]) => {
    const now = cells.get(fold);
    return (
      now !== undefined &&
      rounded(now.cost) === rounded(was.cost) &&
      now.inContext === was.inContext &&
      now.prefixFailures === was.prefixFailures
    );
  });
}

const args = process.argv.slice(2);
if (args.length < 2) {
  process.stderr.write('usage: npx tsx benchmarks/fold-sweep.ts [LABEL=]REPORT.json ... (two or more)\n');
  process.exit(2);
}
const runs = args.map(readRun);
const checked = runs.some((run) => run.report.prefixCheck);
const cells = runs.map((run) => cellsOf(run.report));
const folds = [...cells[0]!.keys()].filter((fold) => fold !== POOLED).concat(POOLED);
const lines = [
  `gardener cost/raw · needles in context gardener/mask${checked ? ' · prefix failures' : ''}`,
  '',
  `| fold (held out) | ${runs.map((run) => run.label).join(' | ')} |`,
  `|:---|${runs.map(() => '---:').join('|')}|`,
  ...folds.map((fold) => `| ${fold} | ${cells.map((c) => shown(c.get(fold), checked)).join(' | ')} |`),
  '',
  `against ${runs[0]!.label}:`,
  ...runs.slice(1).map((run, at) => {
    const lost = losses(cells[0]!, cells[at + 1]!);
    const verdict = lost.length
      ? `loses — ${lost.join('; ')}`
      : sameFigures(cells[0]!, cells[at + 1]!)
        ? 'the same figures on every fold (the value does not reach this run)'
        : 'equal or better on every fold';
    return `  ${run.label}: ${verdict}`;
  }),
];
process.stdout.write(`${lines.join('\n')}\n`);
