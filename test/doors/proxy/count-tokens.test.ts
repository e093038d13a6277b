import { afterEach, describe, expect, it } from 'vitest';
import { estimateInputTokens, toolReply, type ScriptStep } from '../../support/fake-anthropic/index.js';
import { bigLog, runAgentLoop } from './agent-loop.js';
import { clientHeaders, post, startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('count_tokens through gardener proxy', () => {
  it('counts the rendering the proxy would send for a conversation it gardens', async () => {
    const script: ScriptStep[] = [];
    for (let i = 0; i < 10; i++) script.push(toolReply('Bash', { command: `pytest ${i}` }));
    script.push({ reply: 'done' });
    harness = await startHarness(script, { budget: 12_000 });
    const loop = await runAgentLoop(harness, {
      sessionId: 'cccccccc-0000-4000-8000-00000000c0de',
      prompt: 'Run the tests',
      output: (c) => bigLog(c, 150),
      maxCalls: 12,
    });
    await until(() => harness!.records.length === harness!.fake.requests.length);
    const last = harness.fake.requests.at(-1)!.body;
    // count_tokens bodies carry no metadata: the conversation is recognised by its first message.
    const countBody = {
      model: 'claude-sonnet-4-5',
      system: last.system,
      tools: last.tools,
      messages: loop.messages.slice(0, -1),
    };
    const rawCount = estimateInputTokens(countBody);
    const answer = await post(harness, '/v1/messages/count_tokens?beta=true', countBody, clientHeaders());
    expect(answer.status).toBe(200);
    const counted = JSON.parse(answer.text).input_tokens;
    expect(counted).toBeLessThan(rawCount / 2);
    expect(counted).toBe(estimateInputTokens({ ...countBody, messages: last.messages }));
    const seen = harness.fake.requests.at(-1)!;
    expect(seen.path).toBe('/v1/messages/count_tokens?beta=true');
    expect(JSON.stringify(seen.body.messages)).toContain('[gardener:');
  });

  it('forwards a count for a conversation it has not seen unchanged', async () => {
    harness = await startHarness([]);
    const body = {
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: 'how many tokens is this?' }],
    };
    const answer = await post(harness, '/v1/messages/count_tokens', body);
    expect(JSON.parse(answer.text).input_tokens).toBe(estimateInputTokens(body));
    expect(harness.fake.requests[0]!.body).toEqual(body);
    await until(() => harness!.records.length === 1);
    expect(harness.records[0]).toMatchObject({ kind: 'count_tokens', gardened: false });
  });
});
