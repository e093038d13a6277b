/**
 * Peak memory of `gardener compress` against the size of its input (issue 25): a generated
 * transcript of N tool results (build logs, test runs, JSON listings, source files), compressed by
 * the built CLI to a file; the child's peak RSS (`process.resourceUsage().maxRSS`, read at exit)
 * over the input's bytes, and its CPU time.
 *
 *   npm run build && npx tsx benchmarks/compress-memory.ts [--results 10000] [--also 1000,3000] [--against DIR]
 *
 * `--against DIR` runs the same inputs with the build in DIR (another checkout, built), alternating.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    results: { type: 'string', default: '10000' },
    also: { type: 'string', default: '' },
    against: { type: 'string' },
  },
});
const sizes = [...values.also.split(',').filter(Boolean), values.results].map(Number);
const builds = [root, ...(values.against === undefined ? [] : [resolve(values.against)])];
for (const build of builds)
  if (!existsSync(join(build, 'dist/cli/main.js'))) throw new Error(`${build}: run \`npm run build\` first`);

/** Prints the process's peak RSS (bytes) and CPU ms on stderr as it exits. */
const PEAK = `data:text/javascript,${encodeURIComponent(
  `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nPEAK ' + u.maxRSS * 1024 + ' ' + (u.userCPUTime + u.systemCPUTime) / 1000 + '\\n'); });`,
)}`;

/** One tool result's text, about 3 kB, of a kind that changes with i. */
function toolResult(i: number): string {
  const lines = (n: number, line: (k: number) => string) =>
    Array.from({ length: n }, (_, k) => line(k)).join('\n');
  switch (i % 4) {
    case 0:
      return lines(60, (k) =>
        k === 30
          ? `ERROR job ${i} failed: exit 2 in src/build_${i}.ts`
          : `INFO job ${i} step ${k} ok (${k * 7} ms)`,
      );
    case 1:
      return lines(55, (k) => `PASSED tests/test_mod${k % 9}.py::test_case_${i}_${k} [${k}%]`);
    case 2:
      return JSON.stringify(
        Array.from({ length: 25 }, (_, k) => ({
          id: i * 100 + k,
          name: `item-${k}`,
          size: k * 31,
          ok: k % 3 > 0,
        })),
        null,
        2,
      );
    default:
      return lines(70, (k) =>
        k % 10 === 0
          ? `export function handler${i}_${k}(input: string): number {`
          : `  const v${k} = input.length + ${k}; // step`,
      );
  }
}

/** An Anthropic request body of n tool calls and results, with a prompt and a closing answer. */
function transcript(n: number): string {
  const messages: unknown[] = [{ role: 'user', content: 'Find why the nightly build fails and fix it.' }];
  for (let i = 0; i < n; i++) {
    const id = `toolu_${i}`;
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id, name: 'Bash', input: { command: `make job${i}` } }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: toolResult(i) }],
    });
  }
  messages.push({ role: 'assistant', content: 'The build fails in job 0; fixed.' });
  return JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages });
}

interface Run {
  peakBytes: number;
  cpuMs: number;
}

function compressOnce(build: string, file: string, home: string): Run {
  const output = join(home, 'out.json');
  const run = spawnSync(
    process.execPath,
    // --max-bytes: inputs past the default limit (30,000 results) are measured too.
    [
      '--import',
      PEAK,
      join(build, 'bin/gardener'),
      'compress',
      file,
      '-o',
      output,
      '--max-bytes',
      String(statSync(file).size),
    ],
    {
      env: { ...process.env, GARDENER_HOME: home, GARDENER_HOOK_SERVER: '0' },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  if (run.status !== 0) throw new Error(`compress failed (${build}): ${run.stderr}`);
  JSON.parse(readFileSync(output, 'utf8')); // the output is a whole request body
  const peak = /PEAK (\d+) ([\d.]+)/.exec(run.stderr);
  if (!peak) throw new Error(`no peak reported: ${run.stderr}`);
  rmSync(home, { recursive: true, force: true });
  return { peakBytes: Number(peak[1]), cpuMs: Number(peak[2]) };
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(`compress memory · node ${process.version} · peak RSS of the whole process`);
console.log('build      results   input MB   peak RSS MB   RSS / input   CPU s   CPU ms / result');
const work = mkdtempSync(join(tmpdir(), 'gardener-compress-memory-'));
for (const n of sizes) {
  const file = join(work, `t${n}.json`);
  writeFileSync(file, transcript(n));
  const input = statSync(file).size;
  for (const [b, build] of builds.entries()) {
    const run = compressOnce(build, file, mkdtempSync(join(work, 'home-')));
    console.log(
      `${(b === 0 ? 'this' : 'against').padEnd(9)} ${String(n).padStart(8)}   ${mb(input).padStart(8)}   ${mb(run.peakBytes).padStart(11)}   ${(run.peakBytes / input).toFixed(1).padStart(10)}×   ${(run.cpuMs / 1000).toFixed(1).padStart(5)}   ${(run.cpuMs / n).toFixed(2).padStart(15)}`,
    );
  }
}
rmSync(work, { recursive: true, force: true });
