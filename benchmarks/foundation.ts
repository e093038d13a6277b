/**
 * Foundation figures (issue "Foundation"):
 *  - `gardener compress` throughput on the largest Claude Code session, end to end, once warm (in-process);
 *  - the same through the built binary (wall time, one process per run);
 *  - peak RSS of the binary on the aider history (the largest file);
 *  - `gardener --version` and `--help` wall time;
 *  - compression ratio by class over every session, and overall.
 * Run: npm run build && npx tsx benchmarks/foundation.ts [sessionsDir]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compressTranscripts, mergeBreakdown } from '../src/doors/batch/compress.js';
import type { BreakdownClass, ClassBreakdown } from '../src/core/garden/view/slot.js';
import { openStore } from '../src/core/store/open.js';
import { exportTranscripts } from '../src/core/transcript/export.js';
import { readInput } from '../src/core/transcript/read-input.js';
import { readSessionPaths } from '../src/core/transcript/session-paths.js';
import { toRequest } from '../src/core/transcript/types.js';
import { validate } from '../src/core/transcript/validate.js';

const sessionsDir = path.resolve(process.argv[2] ?? '../shared/sessions');
const bin = path.resolve('bin/gardener');
const work = mkdtempSync(path.join(tmpdir(), 'gardener-foundation-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => bytes / 1024 / 1024;

function largest(dir: string, pattern: RegExp): string {
  let best = { file: '', size: -1 };
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (pattern.test(p) && s.size > best.size) best = { file: p, size: s.size };
    }
  };
  walk(dir);
  return best.file;
}

async function compressOnce(file: string, db: string): Promise<number> {
  const started = performance.now();
  const input = await readInput(file);
  const store = openStore({ path: db });
  try {
    const result = compressTranscripts(store, 'bench', input.transcripts, {
      budget: undefined,
      minTokens: 200,
      keepLastTurns: 2,
      session: undefined,
    });
    exportTranscripts(result.transcripts, 'anthropic');
  } finally {
    store.close();
  }
  return performance.now() - started;
}

function wall(args: string[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const r = spawnSync(process.execPath, [bin, ...args], {
      encoding: 'utf8',
      env: { ...process.env, GARDENER_HOME: work },
    });
    times.push(performance.now() - started);
    if (r.status !== 0) throw new Error(`gardener ${args.join(' ')} failed: ${r.stderr}`);
  }
  return median(times);
}

function peakRssMb(args: string[]): number {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GARDENER_HOME: work },
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`gardener ${args.join(' ')} failed: ${r.stderr}`);
  const kb = Number(r.stderr.trim().split('\n').pop());
  return kb / 1024;
}

const cc = largest(path.join(sessionsDir, 'claude-code-log'), /\.jsonl$/);
const aider = largest(sessionsDir, /\.md$/);
const ccBytes = statSync(cc).size;

console.log(
  `machine: ${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
);
console.log(`largest Claude Code session: ${path.relative(sessionsDir, cc)} (${mb(ccBytes).toFixed(2)} MB)`);
const runs: number[] = [];
for (let i = 0; i < 6; i++) runs.push(await compressOnce(cc, path.join(work, `tp-${i}.db`)));
const warm = median(runs.slice(1));
console.log(
  `compress in-process: cold ${runs[0]!.toFixed(0)} ms, warm median ${warm.toFixed(0)} ms → ${(mb(ccBytes) / (warm / 1000)).toFixed(1)} MB/s`,
);
const binWall = wall(['compress', cc, '-o', path.join(work, 'out.json')], 5);
console.log(
  `compress via bin/gardener (one process per run): median wall ${binWall.toFixed(0)} ms → ${(mb(ccBytes) / (binWall / 1000)).toFixed(1)} MB/s`,
);
console.log(
  `peak RSS on ${path.relative(sessionsDir, aider)} (${mb(statSync(aider).size).toFixed(2)} MB): ${peakRssMb(['compress', aider, '-o', path.join(work, 'aider.json')]).toFixed(0)} MB`,
);
console.log(
  `gardener --version: median wall ${wall(['--version'], 11).toFixed(0)} ms; --help: ${wall(['--help'], 11).toFixed(0)} ms`,
);

// Ratio by class over every session.
const totals: Partial<Record<BreakdownClass, ClassBreakdown>> = {};
let before = 0;
let after = 0;
let files = 0;
let skipped = 0;
let transcripts = 0;
let invalid = 0;
const store = openStore({ path: path.join(work, 'ratio.db') });
for (const session of await readSessionPaths([sessionsDir])) {
  try {
    const input = await readInput(session.path);
    const result = compressTranscripts(store, 'ratio', input.transcripts, {
      budget: undefined,
      minTokens: 200,
      keepLastTurns: 2,
      session: undefined,
    });
    files += 1;
    for (const t of result.transcripts) {
      transcripts += 1;
      if (!validate(toRequest(t)).ok) invalid += 1;
    }
    before += result.stats.tokensBefore;
    after += result.stats.tokensAfter;
    mergeBreakdown(totals, result.stats.byClass);
  } catch (error) {
    skipped += 1;
    console.log(`  skipped ${(error as Error).message.split('\n')[0]}`);
  }
}
store.close();
console.log(
  `\nratio by class (gardener compress defaults: --min-tokens 200 --keep-last 2) over ${files} files (${skipped} skipped):`,
);
console.log('class        blocks  shortened  tokens before      after  ratio');
for (const [cls, row] of Object.entries(totals) as Array<[BreakdownClass, ClassBreakdown]>) {
  console.log(
    `${cls.padEnd(10)} ${String(row.blocks).padStart(8)} ${String(row.summaries + row.stubs).padStart(10)} ${String(row.tokensBefore).padStart(14)} ${String(row.tokensAfter).padStart(10)}  ${(row.tokensAfter / Math.max(1, row.tokensBefore)).toFixed(3)}`,
  );
}
console.log(`whole requests: ${before} → ${after} tokens, ratio ${(after / before).toFixed(3)}`);
console.log(
  `round trip: ${transcripts} compressed transcripts from ${files} files, ${invalid} failing validate()`,
);
