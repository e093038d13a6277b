import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_LATEST_BIN, claudeLatestPresent, HEADLESS_CLAUDE_ENV } from '../support/claude-code.js';
import {
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type RecordedRequest,
} from '../support/fake-anthropic/index.js';
import type { Json } from '../support/fake-anthropic/types.js';
import { runLongSession } from '../support/long-session/run.js';
import { buildWorld } from '../support/long-session/world.js';

/**
 * The latest Claude Code (claude-opus-5-5, preserved thinking) straight against the fake with the
 * prefix check enforced: Claude Code keeps its prefix intact by itself, so no request may fail. What
 * it sends that the fake must take as the API does: adaptive thinking with `display`, its own
 * `context_management` edits, mid-conversation system messages, deferred tools and ToolSearch.
 */
const title = claudeLatestPresent
  ? 'the latest Claude Code against the fake, the prefix check on'
  : `the latest Claude Code against the fake (skipped: no claude at ${CLAUDE_LATEST_BIN}; set GARDENER_CLAUDE_LATEST_BIN)`;
if (!claudeLatestPresent) console.warn(`skipping ${title}`);

let fake: FakeAnthropic | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  fake = undefined;
  dir = undefined;
});

const main = (request: RecordedRequest) =>
  Array.isArray(request.body?.tools) && request.body.tools.length > 3;
const thinkingIn = (request: RecordedRequest) =>
  (request.body.messages as Json[])
    .flatMap((m): Json[] => (Array.isArray(m.content) ? m.content : []))
    .filter((b: Json) => b.type === 'thinking').length;

describe.skipIf(!claudeLatestPresent)(title, () => {
  it('runs a tool loop with thinking on every reply, ToolSearch included, and no request fails', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-cc-latest-'));
    fake = await startFakeAnthropic({
      thinkingReplies: 200,
      script: [
        toolReply('Bash', { command: 'echo hello-from-bash', description: 'Print a word' }),
        toolReply('ToolSearch', { query: 'select:WebFetch' }),
        toolReply('Bash', { command: 'seq 1 400', description: 'Print numbers' }),
        { reply: 'It printed hello-from-bash.' },
      ],
    });
    const child = spawn(
      CLAUDE_LATEST_BIN,
      ['-p', 'run echo', '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions'],
      {
        cwd: dir,
        env: { PATH: process.env['PATH'], HOME: dir, ANTHROPIC_BASE_URL: fake.url, ...HEADLESS_CLAUDE_ENV },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (part: Buffer) => (out += part.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    const result = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { type?: string; result?: string })
      .find((event) => event.type === 'result');

    expect(code).toBe(0);
    expect(fake.violations).toEqual([]);
    expect(result?.result).toBe('It printed hello-from-bash.');
    const loop = fake.requests.filter(main);
    expect(loop.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(loop[0]!.body.model).toBe('claude-opus-5-5');
    // The check had blocks to check: every earlier reply's thinking came back.
    expect(loop.map(thinkingIn)).toEqual([0, 1, 2, 3]);
    expect(loop.some((r) => (r.body.messages as Json[]).some((m) => m.role === 'system'))).toBe(true);
  }, 60_000);

  it('works a 20-turn session direct: no request fails, every needle answered', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-cc-latest-long-'));
    const world = buildWorld(dir, 16, 3);
    const run = await runLongSession(
      world,
      { name: 'direct-1m', window: 1_000_000 },
      'Inspect the modules, build logs and test reports one by one, then tell me the failure codes.',
      { claude: CLAUDE_LATEST_BIN, account: 'new' },
    );
    expect(run.exitCode).toBe(0);
    expect(run.model).toBe('claude-opus-5-5');
    expect(run.failed.size).toBe(0);
    expect(run.violations).toEqual([]);
    expect([...run.needles.values()].filter((how) => how === 'context')).toHaveLength(3);
  }, 120_000);
});
