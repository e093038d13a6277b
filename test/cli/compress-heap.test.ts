import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/gardener');
const built = existsSync(path.join(root, 'dist/cli/main.js'));

/** Prints the young generation's capacity (bytes, one semi-space) on stderr as the process exits. */
const PROBE = `data:text/javascript,${encodeURIComponent(
  `import v8 from 'node:v8'; process.on('exit', () => { const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space'); process.stderr.write('\\nNEW_SPACE ' + s.space_size + '\\n'); });`,
)}`;

/** A request body of n tool calls, each with a log of a few kB. */
function transcript(n: number): string {
  const messages: unknown[] = [{ role: 'user', content: 'Why does the build fail?' }];
  for (let i = 0; i < n; i++) {
    const log = Array.from({ length: 60 }, (_, k) => `INFO job ${i} step ${k} ok (${k * 7} ms)`).join('\n');
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `make ${i}` } }],
    });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: log }] });
  }
  messages.push({ role: 'assistant', content: 'Done.' });
  return JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages });
}

const home = mkdtempSync(path.join(tmpdir(), 'gardener-heap-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The young generation's semi-space (bytes) at the end of a run of the built binary. */
function newSpaceAfter(args: string[]): number {
  const run = spawnSync(process.execPath, ['--import', PROBE, bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GARDENER_HOME: home, GARDENER_HOOK_SERVER: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.status, run.stderr).toBe(0);
  const size = /NEW_SPACE (\d+)/.exec(run.stderr);
  if (!size) throw new Error(`no probe output: ${run.stderr}`);
  return Number(size[1]);
}

describe.skipIf(!built)('the heap of a compress process', () => {
  it('keeps the young generation at its first size while it settles a big transcript', () => {
    const file = path.join(home, 'big.json');
    writeFileSync(file, transcript(1500));
    // V8 starts a semi-space at 1 MiB and doubles it up to 16 MiB under a batch's allocation rate.
    expect(newSpaceAfter(['compress', file, '-o', path.join(home, 'out.json')])).toBeLessThanOrEqual(1 << 21);
  }, 60_000);
});
