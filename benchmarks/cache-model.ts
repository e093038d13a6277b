/**
 * The core cache model (src/core/cache/prompt-cache.ts) against the API's own bills: every Claude Code
 * log in a folder (default ../shared/sessions/claude-code-log) is replayed call by call as Claude
 * Code sent it, under the replay's rules (src/doors/bench/fit-rules.ts), and the predicted cache
 * reads and writes are set beside the recorded usage rows. Printed: per session and in total with
 * every rule; with each rule left out; and leave one project out — for each project folder, the
 * rules its sessions play no part in choosing (chosen on the other folders: a rule is kept when it
 * helps or does not hurt there), and that folder's figures without rules and with them. Each
 * with the sizes fitted as the replay fits them (a ratio, and what each tool block carries) and by
 * the ratio alone.
 *
 *   npx tsx benchmarks/cache-model.ts [FOLDER]
 *
 * Machine figures: none (no timing); tokens counted with cl100k_base, sizes fitted per session.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import {
  agreementOfCalls,
  callsOfFile,
  errorPercent,
  type Agreement,
} from '../src/doors/bench/cache-agreement.js';
import { chooseRules, figuresOf, type FitFigures } from '../src/doors/bench/fit-folds.js';
import { FIT_RULES, type FitRule } from '../src/doors/bench/fit-rules.js';
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
const tokenizer = defaultTokenizer();
const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
const k = (value: number) => value.toLocaleString('en-US');

/** Every log with more than one call (a one-call log, most subagents, says nothing about the cache). */
const logs = globSync('**/*.jsonl', { cwd: folder })
  .sort()
  .map((file) => ({
    file,
    project: file.split('/')[0] as string,
    calls: callsOfFile(path.join(folder, file)),
  }))
  .filter((log) => log.calls.length > 1);
const projects = [
  ...new Set(globSync('*', { cwd: folder, onlyDirectories: true }).map((dir) => dir.replace(/\/$/, ''))),
].sort();

/** Each log's agreement under a set of rules, computed once. */
const memo = new Map<string, Agreement[]>();
function agreements(rules: ReadonlySet<FitRule>, ratioOnly = false): Agreement[] {
  const key = `${FIT_RULES.filter((rule) => rules.has(rule)).join(',')}${ratioOnly ? ' ratio only' : ''}`;
  let all = memo.get(key);
  if (!all) {
    all = logs.map(
      (log) =>
        agreementOfCalls(log.file, log.calls, tokenizer, { warmHead: true, rules, ratioOnly }) as Agreement,
    );
    memo.set(key, all);
  }
  return all;
}

/** The figures of the counted sessions (≥ MIN_AGGREGATED_CALLS calls) of some projects. */
function figures(
  rules: ReadonlySet<FitRule>,
  keep: (project: string) => boolean,
  ratioOnly = false,
): FitFigures {
  const all = agreements(rules, ratioOnly);
  return figuresOf(all.filter((a, i) => keep(logs[i]!.project) && a.calls >= MIN_AGGREGATED_CALLS));
}

const line = (f: FitFigures) =>
  f.sessions === 0
    ? `no session of ≥ ${MIN_AGGREGATED_CALLS} calls`
    : `read ${pct(f.read)} · written ${pct(f.written)} in total; per-session median |error| read ${f.medianRead.toFixed(1)}% · written ${f.medianWritten.toFixed(1)}% (${f.sessions} sessions)`;

const everyRule = new Set<FitRule>(FIT_RULES);
const none = new Set<FitRule>();
const anyProject = () => true;

console.log(`\n### every rule (${FIT_RULES.join(', ')})\n`);
console.log(
  '| session | calls | head | shared | ratio | per block | context rebuilt | read predicted | read recorded | error | written predicted | written recorded | error |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const a of agreements(everyRule)) {
  const mark = a.calls >= MIN_AGGREGATED_CALLS ? '' : ' (not aggregated)';
  console.log(
    `| ${a.label.slice(0, 56)}${mark} | ${a.calls} | ${k(a.fit.head)} | ${k(a.fit.shared)} | ${a.fit.ratio.toFixed(2)} | ${a.fit.perBlock.toFixed(0)} | ${a.fit.headChanges} | ${k(a.read.predicted)} | ${k(a.read.recorded)} | ${pct(errorPercent(a.read))} | ${k(a.written.predicted)} | ${k(a.written.recorded)} | ${pct(errorPercent(a.written))} |`,
  );
}

console.log('\n### pooled, with each rule left out\n');
console.log(`- no rule: ${line(figures(none, anyProject))}`);
for (const rule of FIT_RULES)
  console.log(
    `- all but ${rule}: ${line(figures(new Set(FIT_RULES.filter((r) => r !== rule)), anyProject))}`,
  );
console.log(`- every rule: ${line(figures(everyRule, anyProject))}`);
console.log(`- every rule, sizes by the ratio alone: ${line(figures(everyRule, anyProject, true))}`);

console.log('\n### leave one project out\n');
for (const held of projects) {
  const chosen = chooseRules((rules) => figures(rules, (project) => project !== held));
  const only = (project: string) => project === held;
  console.log(`${held}`);
  console.log(`  rules chosen on the other folders: ${chosen.join(', ') || 'none'}`);
  console.log(`  without rules: ${line(figures(none, only))}`);
  console.log(`  with them:     ${line(figures(new Set(chosen), only))}`);
  console.log(`  every rule:    ${line(figures(everyRule, only))}`);
  console.log(`  ratio alone:   ${line(figures(everyRule, only, true))}`);
}
