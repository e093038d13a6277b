import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';

/**
 * `gardener compress` writes the same bytes as the build these digests were recorded with, for
 * every fixture transcript and a generated one with many tool results, in each output format and
 * with a budget. Reading, the engine's memory and writing may change how they work; what comes out
 * may not. A change that means to change the output records the digests again:
 * `GARDENER_RECORD_OUTPUT=1 npx vitest run test/cli/compress-output.test.ts`.
 */
const DIGESTS = path.resolve(import.meta.dirname, '../fixtures/compress-output.json');
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/transcript');
const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples');

const INPUTS = [
  ...[
    'adp-rows.json',
    'agent-sdk-python.json',
    'agent-sdk-stream.jsonl',
    'aider.chat.history.md',
    'cc-interrupted.jsonl',
    'cc-session.jsonl',
    'claude-p-stream-json.jsonl',
    'demo__repo-42.traj.json',
    'openai-chat.json',
    'openhands-events.json',
    'swe-agent-run.traj',
    'cc-nested/sess-3.jsonl',
  ].map((name) => path.join(FIXTURES, name)),
  path.join(EXAMPLES, 'session.json'),
];

const VARIANTS: Record<string, string[]> = {
  anthropic: [],
  jsonl: ['--to', 'jsonl'],
  text: ['--to', 'text'],
  'budget-small': ['--budget', '1500'],
  budget: ['--budget', '20000'],
  'keep-all': ['--keep-last', '0', '--min-tokens', '50'],
};

/** A tool result of a kind that changes with i: a build log, a test run, a JSON listing, source. */
function toolResult(i: number): string {
  const lines = (n: number, line: (k: number) => string) =>
    Array.from({ length: n }, (_, k) => line(k)).join('\n');
  switch (i % 4) {
    case 0:
      return lines(60, (k) => (k === 30 ? `ERROR job ${i} failed: exit 2` : `INFO job ${i} step ${k} ok`));
    case 1:
      return lines(55, (k) => `PASSED tests/test_mod${k % 9}.py::test_case_${i}_${k} [${k}%]`);
    case 2:
      return JSON.stringify(
        Array.from({ length: 25 }, (_, k) => ({ id: i * 100 + k, name: `item-${k}`, ok: k % 3 > 0 })),
        null,
        2,
      );
    default:
      return lines(70, (k) =>
        k % 10 === 0 ? `export function handler${i}_${k}(input: string): number {` : `  const v${k} = ${k};`,
      );
  }
}

/** An Anthropic request body of n tool calls and results between a prompt and an answer. */
function generated(n: number): string {
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

let dir: string;
const inputs: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gardener-compress-output-'));
  const file = path.join(dir, 'generated.json');
  writeFileSync(file, generated(120));
  inputs.push(...INPUTS, file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nameOf = (file: string): string =>
  file.startsWith(dir) ? path.basename(file) : path.relative(ROOT, file);

/**
 * The digest of the exit code and what compress writes to stdout, in a store of its own; of the
 * error too when it fails (a budget too small for an input), since its report holds no timing.
 */
async function digest(file: string, args: string[], n: number): Promise<string> {
  // The project is named: entry ids (which summaries print) depend on it, and by default on the cwd.
  const db = path.join(dir, `${n}.db`);
  const run = await runGardener(['compress', file, '--db', db, '--project', 'output-test', ...args]);
  const failure = run.code === 0 ? '' : run.stderr;
  return createHash('sha256').update(`${run.code}\n${run.stdout}\n${failure}`).digest('hex');
}

describe('gardener compress output', () => {
  it('is byte-identical to the recorded output for every input, format and budget', async () => {
    const found: Record<string, string> = {};
    let n = 0;
    for (const file of inputs)
      for (const [variant, args] of Object.entries(VARIANTS))
        found[`${nameOf(file)} ${variant}`] = await digest(file, args, n++);
    if (process.env['GARDENER_RECORD_OUTPUT'] === '1')
      writeFileSync(DIGESTS, `${JSON.stringify(found, null, 2)}\n`);
    expect(found).toEqual(JSON.parse(readFileSync(DIGESTS, 'utf8')));
  }, 120_000);

  it('writes the same bytes to a file (-o) as to stdout, and no file when it cannot', async () => {
    const file = inputs[inputs.length - 1]!;
    const common = ['compress', file, '--db', path.join(dir, 'o.db'), '--project', 'output-test'];
    const out = path.join(dir, 'out.json');
    const toStdout = await runGardener(common);
    const toFile = await runGardener([...common, '-o', out]);
    expect([toStdout.code, toFile.code]).toEqual([0, 0]);
    expect(readFileSync(out, 'utf8')).toBe(toStdout.stdout);
    const nowhere = path.join(dir, 'missing-folder', 'out.json');
    const failed = await runGardener([...common, '-o', nowhere]);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('cannot write the output');
    expect(existsSync(path.dirname(nowhere))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
