import { afterEach, describe, expect, it } from 'vitest';
import {
  estimateInputTokens,
  requestText,
  toolReply,
  type ScriptStep,
} from '../../support/fake-anthropic/index.js';
import { compactionFrontier } from '../../../src/core/cache/index.js';
import type { MessageParam } from '../../../src/core/transcript/types.js';
import { bigLog, runAgentLoop } from './agent-loop.js';
import { runGardener } from '../../support/cli.js';
import { startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const NEEDLE = 'expected 19.99 but got 20.00 (needle-7f3a)';
const CALLS = 30;
const BUDGET = 24_000;

/** The client's Bash, for the one command the model runs: `gardener show ID --raw` against the proxy's store. */
async function shell(h: ProxyHarness, input: unknown): Promise<string> {
  const command = String((input as { command: string }).command).split(' ');
  const run = await runGardener([...command.slice(1), '--db', h.storePath]);
  return run.code === 0 ? run.stdout : run.stderr;
}

describe('a long session through gardener proxy', () => {
  it('stays within --budget, every request valid, and an early failure still answers the last question', async () => {
    const script: ScriptStep[] = [];
    for (let i = 0; i < CALLS; i++)
      script.push(toolReply('Bash', { command: `pytest tests/test_module_${i}.py` }));
    // The model's side: the first output is shortened by now; when its failure line is not in the
    // context, its summary or stub names the way back, which it takes.
    script.push({
      reply: (request) => {
        const text = requestText(request);
        // A stub or a summary leads with its way back, `gardener show ID`, run as printed.
        const way = /run `(gardener show \w+)/.exec(text);
        // Still in context (its summary kept the failure line): answered without the way back.
        if (text.includes('needle-7f3a')) return `The first failure: ${NEEDLE}`;
        if (!way) return 'The first output is gone.';
        return {
          content: [{ type: 'tool_use', name: 'Bash', input: { command: way[1] } }],
        };
      },
    });
    script.push({
      reply: (request) =>
        requestText(request).includes('needle-7f3a')
          ? `The first failure: ${NEEDLE}`
          : 'I no longer see the first failure.',
    });
    // A window the raw session would overflow: without gardening the API would answer "prompt is too long".
    harness = await startHarness(script, { budget: BUDGET, contextWindow: 40_000 });
    const result = await runAgentLoop(harness, {
      sessionId: '5e55a1b2-0000-4000-8000-00000000cafe',
      prompt: 'Run every test module and tell me the first failure.',
      output: (call, input) =>
        call < CALLS ? bigLog(call, 220, call === 0 ? NEEDLE : undefined) : shell(harness!, input),
      maxCalls: CALLS + 3,
    });
    expect(result.answer).toBe(`The first failure: ${NEEDLE}`);
    expect(harness.fake.violations).toEqual([]);
    const sizes = harness.fake.requests.map((r) => estimateInputTokens(r.body));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(BUDGET);
    await until(() => harness!.records.length === harness!.fake.requests.length);
    const raw = Math.max(...harness.records.map((r) => r.rawTokens ?? 0));
    expect(raw).toBeGreaterThan(40_000);
    expect(harness.records.filter((r) => r.event).length).toBeGreaterThan(0);
    expect(harness.records.every((r) => r.gardened)).toBe(true);
    // Past the first events, the proxy marks the compaction frontier for the prompt cache (the client
    // marks only its newest block), so a later event rewrites only what follows it.
    const marked = harness.fake.requests.filter((r) => {
      const messages = (r.body as { messages: MessageParam[] }).messages;
      const at = compactionFrontier(messages);
      const content = at === undefined ? undefined : messages[at]?.content;
      return Array.isArray(content) && content.some((block) => 'cache_control' in block);
    });
    expect(marked.length).toBeGreaterThan(0);
    // Every request but the first reports the provider's count, which calibrates pressure.
    expect(
      harness.records.every((r) => r.usage && r.usage.input + r.usage.cacheRead + r.usage.cacheWrite > 0),
    ).toBe(true);
  });

  it("names gardener's MCP tools as the way back when the request offers them", async () => {
    const script: ScriptStep[] = [];
    for (let i = 0; i < 10; i++)
      script.push(toolReply('Bash', { command: `pytest tests/test_module_${i}.py` }));
    script.push({ reply: 'done' });
    harness = await startHarness(script, { budget: 12_000 });
    const fetchTool = 'mcp__plugin_gardener_gardener__fetch';
    await runAgentLoop(harness, {
      sessionId: '5e55a1b2-0000-4000-8000-0000000000cc',
      prompt: 'Run the tests.',
      output: (call) => bigLog(call, 150),
      maxCalls: 12,
      extraTools: [fetchTool, 'mcp__plugin_gardener_gardener__recall'],
    });
    const last = requestText(harness.fake.requests.at(-1)!);
    expect(last).toContain('[gardener:');
    expect(last).toMatch(/mcp__plugin_gardener_gardener__(fetch|recall)\(/);
    expect(last).not.toContain('gardener show');
  });
});
