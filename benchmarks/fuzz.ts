/**
 * Fuzz run (issue 15): hostile transcripts and blocks (long tokens, deep nesting, control
 * characters, huge single lines, mixed formats, invalid UTF-8, planted secrets) through every
 * reading and storing path: import, classify, each compressor, terms, redaction, store ingest and
 * recall, the engine's sync → compact → render. Prints inputs tried, worst time per KB, peak RSS,
 * and failures, hangs and secrets in clear (all three should be 0).
 *
 * Run: npx tsx benchmarks/fuzz.ts [--inputs 300] [--max-chars 262144] [--seed 15] [--verbose]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { openStore } from '../src/core/store/open.js';
import { hostileInput } from '../test/fuzz/hostile.js';
import { foundInDatabase } from '../test/fuzz/secrets-support.js';
import { runTrial } from '../test/fuzz/trial.js';

/** A trial slower than this counts as a hang (issue 15: a clear result within 5 s). */
const HANG_MS = 5_000;

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

const inputs = flag('inputs', 300);
const maxChars = flag('max-chars', 256 * 1024);
const seed = flag('seed', 15);
const verbose = process.argv.includes('--verbose');

const dir = mkdtempSync(path.join(os.tmpdir(), 'gardener-fuzz-bench-'));
/** Time per KB is compared on inputs at least this big (below it, fixed costs dominate). */
const PER_KB_MIN_CHARS = 64 * 1024;
// One input at a time (seed + n), so the run never holds all of them at once.
const sample = (n: number) => fc.sample(hostileInput(maxChars), { numRuns: 1, seed: seed + n })[0]!;
let planted = 0;
let secretsStored = 0;
const failures: string[] = [];
const shapes = new Map<string, number>();
let hangs = 0;
let worstPerKb = { msPerKb: 0, ms: 0, chars: 0, path: '' };
let worstMs = { ms: 0, chars: 0, path: '' };
let totalChars = 0;
const started = performance.now();

for (let n = 0; n < inputs; n++) {
  const input = sample(n);
  const secrets = input.secrets.flatMap((s) => s.values);
  planted += secrets.length;
  // A store per input: scanning it for this input's secrets stays linear over the run.
  const db = path.join(dir, `fuzz-${n}.db`);
  const store = openStore({ path: db });
  shapes.set(input.shape, (shapes.get(input.shape) ?? 0) + 1);
  if (verbose)
    process.stderr.write(`#${n} ${input.shape} ${input.texts.map((t) => t.length).join('+')} chars… `);
  const trial = await runTrial(input, { dir, store, n }).finally(() => store.close());
  secretsStored += foundInDatabase(db, secrets).length;
  for (const file of [db, `${db}-wal`, `${db}-shm`, `${db}-verified`, path.join(dir, `input-${n}.json`)])
    rmSync(file, { force: true });
  if (verbose)
    process.stderr.write(
      `${trial.totalMs.toFixed(0)} ms (slowest: ${trial.slowest.path} ${trial.slowest.ms.toFixed(0)} ms)\n`,
    );
  totalChars += trial.chars;
  failures.push(...trial.failures.map((f) => `#${n} (${input.shape}, ${trial.chars} chars): ${f}`));
  if (trial.totalMs > HANG_MS) hangs++;
  const perKb = trial.totalMs / Math.max(1, trial.chars / 1024);
  if (trial.chars >= PER_KB_MIN_CHARS && perKb > worstPerKb.msPerKb)
    worstPerKb = { msPerKb: perKb, ms: trial.totalMs, chars: trial.chars, path: trial.slowest.path };
  if (trial.totalMs > worstMs.ms)
    worstMs = { ms: trial.totalMs, chars: trial.chars, path: trial.slowest.path };
  if ((n + 1) % 50 === 0)
    process.stderr.write(
      `${n + 1}/${inputs} inputs · ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
}
const secretsInClear = secretsStored + failures.filter((f) => /secret/.test(f)).length;
rmSync(dir, { recursive: true, force: true });

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
console.log(
  `fuzz · seed ${seed} · up to ${maxChars.toLocaleString('en-US')} chars per piece · ${os.cpus().length} CPUs · Node ${process.version}`,
);
console.log(
  `inputs tried        ${inputs} (${[...shapes].map(([s, c]) => `${s} ${c}`).join(', ')}), ${(totalChars / 1024 / 1024).toFixed(1)} MB of text`,
);
console.log(
  `worst time per KB   ${worstPerKb.msPerKb.toFixed(2)} ms/KB on inputs ≥ 64 KB (${worstPerKb.ms.toFixed(0)} ms on ${(worstPerKb.chars / 1024).toFixed(0)} KB; slowest path ${worstPerKb.path})`,
);
console.log(
  `worst input         ${worstMs.ms.toFixed(0)} ms on ${(worstMs.chars / 1024).toFixed(0)} KB (slowest path ${worstMs.path})`,
);
console.log(`peak memory (RSS)   ${mb(process.resourceUsage().maxRSS)}`);
console.log(`failures            ${failures.length - failures.filter((f) => /secret/.test(f)).length}`);
console.log(`hangs (> ${HANG_MS / 1000} s)       ${hangs}`);
console.log(`secrets in clear    ${secretsInClear} (of ${planted} planted)`);
console.log(`total               ${((performance.now() - started) / 1000).toFixed(0)} s`);
for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
process.exitCode = failures.length + hangs + secretsInClear > 0 ? 1 : 0;
