/**
 * The core cache model (src/core/cache/prompt-cache.ts) against the API's own bills: every Claude Code
 * log in a folder (default ../shared/sessions/claude-code-log) is replayed call by call as Claude
 * Code sent it, and the predicted cache reads and writes are set beside the recorded usage rows.
 * Printed per session and in total, with the head changes inferred from the rows and without.
 *
 *   npx tsx benchmarks/cache-model.ts [FOLDER]
 *
 * Machine figures: none (no timing); tokens counted with cl100k_base, sizes fitted per session.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import {
  agreementOfFile,
  errorPercent,
  medianAbsError,
  totalOf,
  type Agreement,
} from '../src/doors/bench/cache-agreement.js';
import { MIN_AGGREGATED_CALLS } from '../src/doors/bench/figures.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
/** The sessions sit beside the checkout (../shared), or beside the worktrees' folder (../../shared). */
const folder =
  process.argv[2] ??
  ['../shared', '../../shared']
    .map((up) => path.resolve(repoRoot, up, 'sessions/claude-code-log'))
    .find((candidate) => existsSync(candidate)) ??
  'sessions not found (../shared/sessions/claude-code-log)';
const files = globSync('**/*.jsonl', { cwd: folder }).sort();
const tokenizer = defaultTokenizer();
const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
const k = (value: number) => value.toLocaleString('en-US');

function run(inferHeadChanges: boolean): void {
  const all: Agreement[] = [];
  for (const file of files) {
    const agreement = agreementOfFile(path.join(folder, file), tokenizer, {
      warmHead: true,
      inferHeadChanges,
    });
    // A one-call log (most subagents) says nothing about the cache: its head is the whole call.
    if (agreement && agreement.calls > 1) all.push({ ...agreement, label: file });
  }
  const counted = all.filter((a) => a.calls >= MIN_AGGREGATED_CALLS);
  console.log(`\n### head changes ${inferHeadChanges ? 'inferred from the rows' : 'not inferred'}\n`);
  console.log(
    '| session | calls | head | ratio | head changes | read predicted | read recorded | error | written predicted | written recorded | error |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const a of all) {
    const mark = a.calls >= MIN_AGGREGATED_CALLS ? '' : ' (not aggregated)';
    console.log(
      `| ${a.label.slice(0, 56)}${mark} | ${a.calls} | ${k(a.fit.head)} | ${a.fit.ratio.toFixed(2)} | ${a.fit.headChanges} | ${k(a.read.predicted)} | ${k(a.read.recorded)} | ${pct(errorPercent(a.read))} | ${k(a.written.predicted)} | ${k(a.written.recorded)} | ${pct(errorPercent(a.written))} |`,
    );
  }
  const total = totalOf(counted);
  console.log(
    `| **total, ${counted.length} sessions of ≥ ${MIN_AGGREGATED_CALLS} calls** | ${total.calls} | | | | ${k(total.read.predicted)} | ${k(total.read.recorded)} | ${pct(errorPercent(total.read))} | ${k(total.written.predicted)} | ${k(total.written.recorded)} | ${pct(errorPercent(total.written))} |`,
  );
  console.log(
    `\nper-session median of |error|: read ${medianAbsError(counted, 'read').toFixed(1)}%, written ${medianAbsError(counted, 'written').toFixed(1)}%`,
  );
}

run(true);
run(false);
