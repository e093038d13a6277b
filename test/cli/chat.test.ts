import { afterEach, describe, expect, it } from 'vitest';
import {
  estimateInputTokens,
  startFakeAnthropic,
  textReply,
  toolReply,
  type FakeAnthropic,
  type ScriptStep,
} from '../support/fake-anthropic/index.js';
import { runGardener } from '../support/cli.js';
import { NEEDLE, scriptedSession, writeProject } from '../doors/chat/agent/scripted-session.js';
import { sandbox } from '../doors/chat/agent/support.js';

let fake: FakeAnthropic | undefined;
let box: ReturnType<typeof sandbox> | undefined;
afterEach(async () => {
  await fake?.close();
  box?.cleanup();
  fake = undefined;
  box = undefined;
});

async function setUp(script: ScriptStep[]) {
  fake = await startFakeAnthropic({ script });
  box = sandbox();
  const env = {
    ANTHROPIC_BASE_URL: fake.url,
    ANTHROPIC_API_KEY: 'test',
    ANTHROPIC_MODEL: 'claude-sonnet-4-6',
  };
  const chat = (...args: string[]) =>
    runGardener(['chat', '--db', box!.dbPath, '--project', 'test', ...args], { env, cwd: box!.cwd });
  const piped = (stdin: string, ...args: string[]) =>
    runGardener(['chat', '--db', box!.dbPath, '--project', 'test', ...args], { env, cwd: box!.cwd, stdin });
  return { chat, piped, cwd: box.cwd };
}

describe('gardener chat -p', () => {
  it('refuses the README placeholder key before calling the model', async () => {
    await setUp([textReply('never sent')]);
    const run = await runGardener(['chat', '-p', 'hi', '--db', box!.dbPath, '--project', 'test'], {
      env: { ANTHROPIC_BASE_URL: fake!.url, ANTHROPIC_API_KEY: 'sk-ant-…' },
      cwd: box!.cwd,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/the API key in ANTHROPIC_API_KEY contains characters that are not allowed/);
    expect(fake!.requests).toHaveLength(0);
  });

  it('prints the final answer', async () => {
    const { chat } = await setUp([textReply('The answer is 42.')]);
    const run = await chat('-p', 'what is the answer?');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('The answer is 42.\n');
  });

  it('prints JSON with the answer, usage, cost, pressure and events', async () => {
    const { chat } = await setUp([toolReply('glob', { pattern: '*' }), textReply('no files')]);
    const run = await chat('-p', 'list files', '--output-format', 'json');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.answer).toBe('no files');
    expect(out.usage.output).toBeGreaterThan(0);
    expect(out.cost.usd).toBeGreaterThan(0);
    expect(out.pressure.budget).toBe(100_000);
    expect(out.events.map((e: { type: string }) => e.type)).toContain('tool_result');
    expect(out.events.some((e: { type: string }) => e.type === 'text_delta')).toBe(false);
  });

  it('streams one JSON event per line', async () => {
    const { chat } = await setUp([textReply('streamed')]);
    const run = await chat('-p', 'hi', '--output-format', 'stream-json');
    const events = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(events[0]!.type).toBe('request');
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', answer: 'streamed' });
  });

  it('refuses tools without --yes and says so on stderr', async () => {
    const { chat } = await setUp([toolReply('bash', { command: 'touch x' }), textReply('I could not')]);
    const run = await chat('-p', 'make x');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/refused \$ touch x \(pass --yes/);
  });

  it('continues the latest session with --continue', async () => {
    const { chat } = await setUp([textReply('first'), textReply('second')]);
    await chat('-p', 'remember the word kumquat');
    const run = await chat('-p', 'which word?', '--continue');
    expect(run.stdout).toBe('second\n');
    expect(JSON.stringify(fake!.requests.at(-1)!.body.messages)).toContain('kumquat');
    const missing = await chat('-p', 'x', '--resume', 'chat-nope');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/no chat session chat-nope/);
  });

  it('exits with the provider code and a clear message when the request cannot fit the model', async () => {
    await fake?.close();
    fake = await startFakeAnthropic({ script: [textReply('never')], contextWindow: 1_000 });
    box = sandbox();
    const run = await runGardener(
      ['chat', '--db', box.dbPath, '--project', 'test', '-p', 'y '.repeat(3_000)],
      {
        env: {
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: 'test',
          ANTHROPIC_MODEL: 'claude-sonnet-4-6',
        },
        cwd: box.cwd,
      },
    );
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/over the model's maximum of 1,000.*not retrying/);
  });

  it('reads the prompt from stdin, and lists sessions when --resume has no id and no terminal', async () => {
    const { piped, chat } = await setUp([textReply('from stdin')]);
    const run = await piped('what is piped?\n', '-p');
    expect(run.stdout).toBe('from stdin\n');
    expect(JSON.stringify(fake!.requests[0]!.body.messages)).toContain('what is piped?');
    const listed = await chat('-p', 'x', '--resume');
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(
      /--resume needs an id[\s\S]*chat-\d{8}-\d{6}-[0-9a-f]{4} {2}what is piped\?/,
    );
  });

  it('runs a slash command in print mode on the latest session', async () => {
    const { chat } = await setUp([textReply('stored')]);
    await chat('-p', 'remember this');
    const table = await chat('-p', '/pressure', '--continue');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^context \d+% of 100,000 tokens/);
    expect(table.stdout).toMatch(/part\s+blocks\s+original\s+rendered\s+ratio/);
    const bad = await chat('-p', '/show nope', '--continue');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no entry nope/);
  });

  it('--help names the default model', async () => {
    const { DEFAULT_MODEL } = await import('../../src/doors/kit/provider/config.js');
    const help = await runGardener(['chat', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`Default model: ${DEFAULT_MODEL}`);
  });

  it('needs a terminal without -p, and a key', async () => {
    const { chat } = await setUp([]);
    expect((await chat('hello')).stderr).toMatch(/needs a terminal/);
    const noKey = await runGardener(['chat', '-p', 'x'], { env: { ANTHROPIC_API_KEY: '' }, cwd: box!.cwd });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/ANTHROPIC_API_KEY/);
  });
});

describe('the acceptance test in print mode', () => {
  it('runs 20 calls under --budget 16000 with every request valid and within it, and quotes the first output', async () => {
    const { script, seen } = scriptedSession(20, 8);
    const { chat, cwd } = await setUp(script);
    writeProject(cwd, 8);
    const run = await chat(
      '-p',
      'Find out why the deploy failed.',
      '--yes',
      '--budget',
      '16000',
      '--output-format',
      'json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    const outputs = out.events.filter((e: { type: string }) => e.type === 'tool_result');
    const outputTokens = outputs.reduce(
      (sum: number, r: { output: string }) =>
        sum + estimateInputTokens({ messages: [{ role: 'user', content: r.output }] }),
      0,
    );
    expect(outputTokens).toBeGreaterThan(5 * 16_000);
    expect(fake!.requests).toHaveLength(20);
    expect(fake!.violations).toEqual([]);
    for (const request of fake!.requests)
      expect(estimateInputTokens(request.body)).toBeLessThanOrEqual(16_000);
    expect(seen.inLastRequest).toBe(true);
    expect(out.answer).toContain(NEEDLE);
  });
});
