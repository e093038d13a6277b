import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  estimateInputTokens,
  requestText,
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type RecordedRequest,
  type ScriptStep,
} from '../support/fake-anthropic/index.js';
import type { JsonLine } from '../doors/proxy/json.js';
import { CLAUDE_BIN, claudePresent, HEADLESS_CLAUDE_ENV } from '../support/claude-code.js';

/**
 * The real Claude Code, through `gardener proxy`, against the fake Messages API. Installs nothing:
 * set GARDENER_CLAUDE_BIN, or install it at the default path (`npm i @anthropic-ai/claude-code`).
 */
const CLAUDE = CLAUDE_BIN;
const present = claudePresent;
const title = present
  ? 'Claude Code through gardener proxy'
  : `Claude Code through gardener proxy (skipped: no claude at ${CLAUDE}; set GARDENER_CLAUDE_BIN)`;
if (!present) console.warn(`skipping ${title}`);

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const MAIN = join(ROOT, 'src/cli/main.ts');
const NEEDLE = 'SECRET-TOKEN-4242';
const BUDGET = 50_000;
/** Smaller than the raw session: without gardening the fake would answer "prompt is too long". */
const WINDOW = 70_000;
const BASH_CALLS = 8;
const READ_CALLS = 6;

let fake: FakeAnthropic | undefined;
let proxy: ChildProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  proxy?.kill('SIGTERM');
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  fake = undefined;
  proxy = undefined;
  dir = undefined;
});

/** The model's side: many tool calls with large outputs, then a question about the first one. */
function script(): ScriptStep[] {
  const steps: ScriptStep[] = [
    // The command does not spell the token: only its output does.
    toolReply('Bash', {
      command: `echo "SECRET-TOKEN-$((4000 + 242))"; seq 1 1200 | sed 's/^/row value=/'`,
      description: 'Print rows',
    }),
  ];
  for (let i = 1; i < BASH_CALLS; i++)
    steps.push(
      toolReply('Bash', {
        command: `seq ${i * 10_000} ${i * 10_000 + 1100} | sed 's/^/metric /'`,
        description: `Print metrics ${i}`,
      }),
    );
  for (let i = 0; i < READ_CALLS; i++)
    steps.push(toolReply('Read', { file_path: join(dir!, 'work', `module_${i}.py`) }));
  // The last question: the first output is shortened by now; the model takes the way back its stub names.
  const answer = (request: RecordedRequest) => {
    const text = requestText(request);
    if (text.includes(NEEDLE)) return `The token was ${NEEDLE}.`;
    // The stub's first instruction, run as printed.
    const stub = /→0 tok · run `(gardener show \w+(?: --grep \\"what you need\\")?)`/.exec(text);
    if (!stub) return 'The token is gone.';
    // The model fills in what it needs where the instruction asks for it.
    const command = stub[1]!.replace(/\\"/g, '"').replace('what you need', 'token');
    return {
      content: [
        { type: 'tool_use' as const, name: 'Bash', input: { command, description: 'Get the original back' } },
      ],
    };
  };
  steps.push(
    { reply: answer },
    {
      reply: (request) =>
        requestText(request).includes(NEEDLE) ? `The token was ${NEEDLE}.` : 'The token is gone.',
    },
  );
  return steps;
}

/** Starts `gardener proxy` as its own process and resolves with its URL. */
function startProxy(upstream: string, home: string): Promise<{ url: string; log: () => string }> {
  proxy = spawn(
    TSX,
    [MAIN, 'proxy', '--port', '0', '--upstream', upstream, '--budget', String(BUDGET), '--log', 'json'],
    {
      cwd: dir,
      env: { ...process.env, GARDENER_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  proxy.stdout!.on('data', (part: Buffer) => (stdout += part.toString()));
  return new Promise((resolveUrl, reject) => {
    proxy!.stderr!.on('data', (part: Buffer) => {
      stderr += part.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) resolveUrl({ url: match[1]!, log: () => stdout });
    });
    proxy!.on('exit', (code) => reject(new Error(`proxy exited ${code}: ${stderr}`)));
  });
}

describe.skipIf(!present)(title, () => {
  it('works a long tool-heavy session within --budget, and the last answer uses the first output', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gardener-proxy-cc-'));
    const home = join(dir, 'home');
    const work = join(dir, 'work');
    const bin = join(dir, 'bin');
    for (const d of [home, work, bin]) mkdirSync(d);
    for (let i = 0; i < READ_CALLS; i++) {
      const lines = Array.from(
        { length: 260 },
        (_, n) => `def function_${i}_${n}(value):\n    return value * ${n} + ${i}  # step ${n}\n`,
      );
      writeFileSync(join(work, `module_${i}.py`), lines.join('\n'));
    }
    // `gardener` on the PATH of Claude Code's Bash, on the proxy's store: the way back named in stubs.
    writeFileSync(join(bin, 'gardener'), `#!/bin/sh\nexec "${TSX}" "${MAIN}" "$@"\n`);
    chmodSync(join(bin, 'gardener'), 0o755);

    fake = await startFakeAnthropic({ script: script(), contextWindow: WINDOW });
    const { url, log } = await startProxy(fake.url, home);
    const claude = spawn(
      CLAUDE,
      [
        '-p',
        'Inspect the rows, metrics and modules, then tell me the token.',
        '--output-format',
        'stream-json',
        '--verbose',
        '--dangerously-skip-permissions',
      ],
      {
        cwd: work,
        env: {
          PATH: `${bin}:${process.env['PATH']}`,
          HOME: home,
          GARDENER_HOME: home,
          ANTHROPIC_BASE_URL: url,
          ...HEADLESS_CLAUDE_ENV,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    claude.stdout.on('data', (part: Buffer) => (out += part.toString()));
    const code = await new Promise<number | null>((done) => claude.on('close', done));
    const events = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as JsonLine);
    const result = events.find((event) => event.type === 'result')!;

    expect(code).toBe(0);
    expect(fake.violations).toEqual([]);
    const messages = fake.requests.filter((r) => r.path.startsWith('/v1/messages'));
    expect(messages.length).toBeGreaterThanOrEqual(BASH_CALLS + READ_CALLS + 1);
    for (const request of messages) expect(estimateInputTokens(request.body)).toBeLessThanOrEqual(BUDGET);
    expect(result['result']).toBe(`The token was ${NEEDLE}.`);
    // The first output had been shortened: the model ran the `gardener show` its stub named, through Claude Code's Bash.
    expect(fake.remaining()).toBe(0);
    // The lines holding it, numbered (padded to the original's width).
    expect(JSON.stringify(messages.at(-1)!.body.messages.at(-1))).toMatch(
      new RegExp(`1\\| ${NEEDLE}\\\\n *2\\| row value=1\\\\n`),
    );
    const lines = log()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as JsonLine);
    // Every request is gardened but those sent before the upstream first accepted the key (as it came).
    const asked = lines.filter((line) => line['kind'] === 'messages');
    const before = asked.findIndex((line) => line['gardened']);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(asked.slice(0, before).every((line) => String(line['fail_open']).includes('credentials'))).toBe(
      true,
    );
    expect(asked.slice(before).every((line) => line['gardened'])).toBe(true);
    expect(lines.some((line) => line['event'])).toBe(true);
    const raw = Math.max(...lines.map((line) => Number(line['tokens_raw'] ?? 0)));
    expect(raw).toBeGreaterThan(WINDOW);

    // Claude Code's status line command, given its session id, shows the pressure the proxy wrote.
    const statusline = spawnSync(TSX, [MAIN, 'statusline'], {
      cwd: work,
      env: { ...process.env, GARDENER_HOME: home },
      input: JSON.stringify({
        session_id: result['session_id'],
        cwd: work,
        workspace: { current_dir: work },
      }),
      encoding: 'utf8',
    });
    expect(statusline.stdout).toMatch(/^gardener \d+% of 50k · .* tok in context · raw .* · \d+ events?/);
  }, 240_000);
});
