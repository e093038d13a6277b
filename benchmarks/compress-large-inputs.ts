/**
 * CPU time of `compress('log', …)` on the three 10 MB inputs of test/core/compress/properties.test.ts (a
 * log, a single line, binary-looking text): the dispatcher's cost on inputs where it shows.
 *
 * Run: npx tsx benchmarks/compress-large-inputs.ts [ROOT] [--runs N]
 * ROOT is a checkout whose src/ is measured (default this one): give an older tree to compare.
 */
import path from 'node:path';
import { cpu, percentile } from './support/measure.js';

/** Runs measured after one warm-up run. */
const DEFAULT_RUNS = 3;

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : DEFAULT_RUNS;
const root = path.resolve(args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--runs') ?? '.');
const module = (await import(path.join(root, 'src/core/compress/index.ts'))) as {
  compress: (cls: 'log', text: string) => { text: string };
};

const tenMegabytes = (line: string): string => line.repeat(Math.ceil(10_000_000 / line.length));
const inputs = [
  tenMegabytes('2024-01-01 10:00:00 INFO worker processed job 4411 in 12ms\n'),
  'x'.repeat(10_000_000),
  tenMegabytes('\u0000\u00ff\u0007\u001b[\u00e9\ufffd\ud83d\ude00 '),
];
const once = () => {
  for (const text of inputs) module.compress('log', text);
};
once();
const spent = Array.from({ length: runs }, () => cpu(once));
process.stdout.write(
  `compress('log') on 3 × 10 MB (${root}): median ${percentile(spent, 50).toFixed(0)} ms CPU over ${runs} runs (${spent.map((ms) => ms.toFixed(0)).join(' / ')})\n`,
);
