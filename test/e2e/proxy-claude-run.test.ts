import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  apiError,
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type ScriptStep,
} from '../support/fake-anthropic/index.js';
import { CLAUDE_BIN, claudePresent, HEADLESS_CLAUDE_ENV } from '../support/claude-code.js';

/** `gardener run -- claude` with the real Claude Code (skips without it; installs nothing). */
const CLAUDE = CLAUDE_BIN;
const present = claudePresent;
const title = present
  ? 'gardener run -- claude'
  : `gardener run -- claude (skipped: no claude at ${CLAUDE}; set GARDENER_CLAUDE_BIN)`;
if (!present) console.warn(`skipping ${title}`);

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const MAIN = join(ROOT, 'src/cli/main.ts');

let fake: FakeAnthropic | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  fake = undefined;
  dir = undefined;
});

async function gardenerRun(
  script: ScriptStep[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  fake = await startFakeAnthropic({ script });
  dir = mkdtempSync(join(tmpdir(), 'gardener-run-cc-'));
  const home = join(dir, 'home');
  mkdirSync(home);
  const child = spawn(
    TSX,
    [
      MAIN,
      'run',
      '--upstream',
      fake.url,
      '--budget',
      '40000',
      '--',
      CLAUDE,
      '-p',
      'list the files',
      '--output-format',
      'json',
      '--dangerously-skip-permissions',
    ],
    {
      cwd: dir,
      env: {
        PATH: process.env['PATH'],
        HOME: home,
        GARDENER_HOME: home,
        ...HEADLESS_CLAUDE_ENV,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
  child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, stdout, stderr };
}

describe.skipIf(!present)(title, () => {
  it('runs Claude Code through a private proxy and says what gardener did when it exits', async () => {
    const run = await gardenerRun([
      toolReply('Bash', { command: 'ls -la', description: 'List files' }),
      { reply: 'Listed.' },
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).result).toBe('Listed.');
    // The first Messages request is gardened only when an earlier call had the key accepted already.
    expect(run.stderr).toMatch(/^gardener: [23] requests \([12] gardened/m);
    expect(fake!.violations).toEqual([]);
    // Claude Code talked to the proxy, not to the fake directly: the fake saw the proxy's forwarding.
    expect(fake!.requests.filter((r) => r.path.startsWith('/v1/messages'))).toHaveLength(2);
  }, 120_000);

  it("passes Claude Code's failing exit code through", async () => {
    const run = await gardenerRun([apiError(400, 'invalid_request_error', 'scripted failure')]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/^gardener: \d+ requests?/m);
  }, 120_000);
});
