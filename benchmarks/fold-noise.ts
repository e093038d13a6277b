/**
 * How far each leave-one-source-out fold moves with nothing changed but the text of gardener's
 * entry ids. Each run gives every session's store scope a salt after its name (BenchSession.name),
 * so every entry id differs, and with it every stub's text and what it weighs in tokens, while the
 * sessions, the code and the settings stay as they are. A fold's spread of cost over the salts is
 * the least difference between two runs that says anything: `benchmarks/fold-sweep.ts` compares to
 * 4 decimals, and a smaller difference than this one is the ids, not the value tried.
 *
 *   npx tsx benchmarks/fold-noise.ts [FOLDER] [--salts N] [--model MODEL --synth-thinking TOKENS]
 *
 * FOLDER defaults to ../shared/sessions; N to 5 (the first salt is none: the figures
 * `gardener bench FOLDER --window 32000` prints). The window is 32,000 and mask keeps 10, as
 * `gardener bench` does by default. Machine figures: none (no timing).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSessions } from '../src/doors/bench/load.js';
import { runBench, type BenchReport, type SourceItem } from '../src/doors/bench/run.js';
import type { StrategyFigures } from '../src/doors/bench/figures.js';
import type { BenchSession } from '../src/doors/bench/types.js';

const WINDOW = 32_000;
const MASK_KEEP = 10;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    salts: { type: 'string', default: '5' },
    model: { type: 'string' },
    'synth-thinking': { type: 'string' },
  },
});
const repoRoot = path.resolve(import.meta.dirname, '..');
const folder =
  positionals[0] ??
  ['../shared', '../../shared']
    .map((up) => path.resolve(repoRoot, up, 'sessions'))
    .find((candidate) => existsSync(candidate));
if (!folder) {
  process.stderr.write('fold-noise: no sessions folder given and ../shared/sessions is absent\n');
  process.exit(2);
}
const salts = Number(values.salts);
if (!Number.isInteger(salts) || salts < 2) {
  process.stderr.write(`fold-noise: --salts must be a whole number of at least 2, not "${values.salts}"\n`);
  process.exit(2);
}
const synthThinking = values['synth-thinking'] === undefined ? undefined : Number(values['synth-thinking']);

const sessions: BenchSession[] = [];
for await (const item of loadSessions([folder], { cwd: process.cwd(), folds: 'source' }))
  if (item.type === 'session') sessions.push(item.session);

/** One bench run with every session's scope salted (salt 0: as named). */
async function run(salt: number): Promise<BenchReport> {
  const items: SourceItem[] = sessions.map((session) => ({
    type: 'session',
    session: { ...session, name: salt === 0 ? session.name : `${session.name}~${salt}` },
  }));
  const events = runBench(items, {
    strategies: ['raw', 'mask', 'gardener'],
    window: WINDOW,
    maskKeep: MASK_KEEP,
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...(synthThinking !== undefined ? { synthThinking } : {}),
  });
  for await (const event of events) if (event.type === 'done') return event.report;
  throw new Error('the bench run ended without a report');
}

const gardenerOf = (totals: StrategyFigures[]) => totals.find((f) => f.strategy === 'gardener');
const maskOf = (totals: StrategyFigures[]) => totals.find((f) => f.strategy === 'mask');

const reports: BenchReport[] = [];
for (let salt = 0; salt < salts; salt++) {
  reports.push(await run(salt));
  process.stderr.write(`salt ${salt + 1}/${salts} done\n`);
}

const rows = [...reports[0]!.folds.map((f) => f.fold), 'pooled'];
const totalsOf = (report: BenchReport, fold: string) =>
  fold === 'pooled' ? report.totals : (report.folds.find((f) => f.fold === fold)?.totals ?? []);
const median = (sorted: number[]) =>
  sorted.length % 2 === 1
    ? sorted[(sorted.length - 1) / 2]!
    : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;

const lines = [
  `${sessions.length} sessions of ${folder}, window ${WINDOW}${values.model ? `, model ${values.model}` : ''}${synthThinking ? `, ${synthThinking} tokens of thinking a reply` : ''}; ${salts} salts`,
  '',
  '| fold (held out) | gardener cost / raw: each salt | min | median | max | spread | needles in context, gardener (mask) |',
  '|:---|:---|---:|---:|---:|---:|:---|',
];
for (const fold of rows) {
  const costs = reports.map((r) => gardenerOf(totalsOf(r, fold))?.costRatio ?? null);
  if (costs.some((c) => c === null)) {
    lines.push(`| ${fold} | – | | | | | |`);
    continue;
  }
  const sorted = (costs as number[]).slice().sort((a, b) => a - b);
  const needles = reports.map((r) => gardenerOf(totalsOf(r, fold))?.keptInContext ?? 0);
  const mask = maskOf(totalsOf(reports[0]!, fold))?.keptInContext ?? 0;
  const [low, high] = [Math.min(...needles), Math.max(...needles)];
  lines.push(
    `| ${fold} | ${(costs as number[]).map((c) => c.toFixed(4)).join(' · ')} | ${sorted[0]!.toFixed(4)} | ${median(sorted).toFixed(4)} | ${sorted.at(-1)!.toFixed(4)} | ${(sorted.at(-1)! - sorted[0]!).toFixed(4)} | ${low === high ? low : `${low}–${high}`} (${mask}) |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
