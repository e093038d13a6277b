/**
 * Peak memory of `gardener compress` against the size of its input (issue 25): a generated
 * transcript of N tool results (build logs, test runs, JSON listings, source files), compressed by
 * the built CLI to a file; the child's peak RSS (`process.resourceUsage().maxRSS`, read at exit)
 * over the input's bytes, and its CPU time.
 *
 *   npm run build && npx tsx benchmarks/compress-memory.ts [--results 10000] [--also 1000,3000] [--against DIR]
 *
 * `--against DIR` runs the same inputs with the build in DIR (another checkout, built), alternating.
 *
 * With `--log-lines N` the input is instead one Bash call whose output is a log of N uniform lines
 * (`--errors 0,50`: with that many error lines scattered through it, one input each); besides the
 * peak RSS it prints the tokens (cl100k) of the summary the log went out as.
 *
 *   npm run build && npx tsx benchmarks/compress-memory.ts --log-lines 4000000 --errors 0,50
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { writeLogTranscript } from './support/huge-log.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    results: { type: 'string', default: '10000' },
    also: { type: 'string', default: '' },
    against: { type: 'string' },
    'log-lines': { type: 'string' },
    errors: { type: 'string', default: '0' },
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

/** The tool result's text in the compressed output (a request body) of a huge-log transcript. */
function loggedResult(output: string): string {
  const body = JSON.parse(readFileSync(output, 'utf8')) as {
    messages: Array<{ content: string | Array<{ type: string; content?: unknown }> }>;
  };
  for (const message of body.messages)
    if (Array.isArray(message.content))
      for (const block of message.content)
        if (block.type === 'tool_result' && typeof block.content === 'string') return block.content;
  throw new Error('no tool result in the output');
}

function compressOnce(build: string, file: string, home: string, keep?: (output: string) => void): Run {
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
  keep?.(output);
  const peak = /PEAK (\d+) ([\d.]+)/.exec(run.stderr);
  if (!peak) throw new Error(`no peak reported: ${run.stderr}`);
  rmSync(home, { recursive: true, force: true });
  return { peakBytes: Number(peak[1]), cpuMs: Number(peak[2]) };
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const work = mkdtempSync(join(tmpdir(), 'gardener-compress-memory-'));
if (values['log-lines'] !== undefined)
  hugeLogs(Number(values['log-lines']), values.errors.split(',').map(Number));
else resultCounts();
rmSync(work, { recursive: true, force: true });

function resultCounts(): void {
  console.log(`compress memory · node ${process.version} · peak RSS of the whole process`);
  console.log('build      results   input MB   peak RSS MB   RSS / input   CPU s   CPU ms / result');
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
}

/** The engine gardening a huge log as the chat does, in a child process: RSS and the summary. */
function engineOnce(
  build: string,
  lines: number,
  errors: number,
): Run & { baseBytes: number; summary: string } {
  const run = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      join(root, 'benchmarks/support/huge-log-engine.ts'),
      build,
      String(lines),
      String(errors),
      join(mkdtempSync(join(work, 'engine-')), 'g.db'),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  if (run.status !== 0) throw new Error(`engine run failed (${build}): ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    baseRss: number;
    peakRss: number;
    cpuMs: number;
    summary: string;
  };
  return {
    baseBytes: result.baseRss,
    peakBytes: result.peakRss,
    cpuMs: result.cpuMs,
    summary: result.summary,
  };
}

function hugeLogs(lines: number, errorCounts: readonly number[]): void {
  const tokenizer = defaultTokenizer();
  console.log(`compress memory, one huge log · node ${process.version} · peak RSS of the whole process`);
  console.log(
    'the engine as the chat runs it (the log in memory first: RSS then, and the peak while it is gardened):',
  );
  console.log('build      log lines   errors   RSS with the log MB   peak RSS MB   CPU s   summary tokens');
  for (const errors of errorCounts) {
    for (const [b, build] of builds.entries()) {
      const run = engineOnce(build, lines, errors);
      console.log(
        `${(b === 0 ? 'this' : 'against').padEnd(9)} ${String(lines).padStart(10)}   ${String(errors).padStart(6)}   ${mb(run.baseBytes).padStart(19)}   ${mb(run.peakBytes).padStart(11)}   ${(run.cpuMs / 1000).toFixed(1).padStart(5)}   ${String(tokenizer.count(run.summary)).padStart(14)}`,
      );
    }
  }
  console.log(
    '`gardener compress` on the transcript (the peak is the whole process, reading the input included):',
  );
  console.log('build      log lines   errors   input MB   peak RSS MB   CPU s   summary tokens');
  for (const errors of errorCounts) {
    const file = join(work, `log${lines}-${errors}.json`);
    writeLogTranscript(file, lines, errors);
    const input = statSync(file).size;
    for (const [b, build] of builds.entries()) {
      let tokens = 0;
      const run = compressOnce(build, file, mkdtempSync(join(work, 'home-')), (output) => {
        tokens = tokenizer.count(loggedResult(output));
      });
      console.log(
        `${(b === 0 ? 'this' : 'against').padEnd(9)} ${String(lines).padStart(10)}   ${String(errors).padStart(6)}   ${mb(input).padStart(8)}   ${mb(run.peakBytes).padStart(11)}   ${(run.cpuMs / 1000).toFixed(1).padStart(5)}   ${String(tokens).padStart(14)}`,
      );
    }
    rmSync(file);
  }
}
