import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type ScriptStep,
} from '../support/fake-anthropic/index.js';
import { CLAUDE_BIN, claudePresent, HEADLESS_CLAUDE_ENV } from '../support/claude-code.js';

const CLAUDE = CLAUDE_BIN;
const present = claudePresent;
const title = present
  ? 'real Claude Code against the fake Messages API'
  : `real Claude Code against the fake Messages API (skipped: no claude at ${CLAUDE}; set GARDENER_CLAUDE_BIN)`;

let fake: FakeAnthropic | undefined;
let home: string | undefined;
afterEach(async () => {
  await fake?.close();
  if (home) rmSync(home, { recursive: true, force: true });
  fake = undefined;
  home = undefined;
});

/** Runs `claude -p` against the fake in a throwaway HOME; resolves with its exit code and the result line. */
async function runClaude(
  script: ScriptStep[],
  prompt: string,
): Promise<{ code: number | null; result: { result?: string } | undefined }> {
  fake = await startFakeAnthropic({ script });
  home = mkdtempSync(join(tmpdir(), 'gardener-cc-'));
  const child = spawn(
    CLAUDE,
    ['-p', prompt, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions'],
    {
      cwd: home,
      env: {
        PATH: process.env['PATH'],
        HOME: home,
        ANTHROPIC_BASE_URL: fake.url,
        ...HEADLESS_CLAUDE_ENV,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (part: Buffer) => (out += part.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = out.split('\n').filter((line) => line.startsWith('{'));
  const events = lines.map((line) => JSON.parse(line) as { type?: string; result?: string });
  const result = events.find((event) => event.type === 'result');
  return { code, result };
}

describe.skipIf(!present)(title, () => {
  it('answers a plain prompt with the scripted text, every request valid', async () => {
    const { code, result } = await runClaude([{ reply: 'Hello from the fake.' }], 'hi');
    expect(code).toBe(0);
    expect(result?.result).toBe('Hello from the fake.');
    expect(fake!.violations).toEqual([]);
    expect(fake!.requests.some((r) => r.path === '/v1/messages?beta=true')).toBe(true);
  });

  it('runs a Bash tool call and sends its output back as a paired tool_result', async () => {
    const echo: ScriptStep = {
      reply: (request) => {
        const saw = JSON.stringify(request.body.messages.at(-1)).includes('hello-from-bash');
        return saw ? 'It printed hello-from-bash.' : 'The tool output was missing.';
      },
    };
    const { code, result } = await runClaude(
      [toolReply('Bash', { command: 'echo hello-from-bash', description: 'Print a word' }), echo],
      'run echo',
    );
    expect(code).toBe(0);
    expect(result?.result).toBe('It printed hello-from-bash.');
    expect(fake!.violations).toEqual([]);
    expect(fake!.remaining()).toBe(0);
  });
});
