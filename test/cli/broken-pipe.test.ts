import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `gardener compress … | head`: the output cut short is not a success, and says so without a stack trace. */
const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/gardener');
const built = existsSync(path.join(root, 'dist/cli/main.js'));

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI with its stdout read for `keep` bytes, then closed (as `head -c` does). */
function cutShort(
  args: string[],
  keep: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, NO_COLOR: '1', GARDENER_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.length >= keep) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!built)('a reader that closes the pipe early', () => {
  it('makes compress exit 141 (as SIGPIPE would), with no stack trace', async () => {
    // Typed prompts are never shortened: the output is as large as the input, far over a pipe's buffer.
    const messages = Array.from({ length: 400 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `message ${i}: ${'words of the conversation '.repeat(100)}`,
    }));
    const input = path.join(dir, 'long.json');
    writeFileSync(
      input,
      JSON.stringify({
        model: 'claude-sonnet-4-5',
        max_tokens: 10,
        messages: [...messages, { role: 'user', content: 'end' }],
      }),
    );
    const run = await cutShort(['compress', input, '--db', path.join(dir, 'g.db')], 100);
    expect(run.stdout.length).toBeLessThan(1_000_000);
    expect(run.code).toBe(141);
    expect(run.stderr).not.toMatch(/EPIPE|Error|at /);
  }, 60_000);
});
