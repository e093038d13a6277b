import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textReply, toolReply } from '../../../support/fake-anthropic/index.js';
import { chatRig, ofType, turn, type ChatRig } from './chat-support.js';

let rig: ChatRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('the agent loop', () => {
  it('streams a text answer and ends the turn', async () => {
    rig = await chatRig([textReply('Hello there, I am ready.')]);
    const events = await turn(rig.controller(), 'hi');
    const text = ofType(events, 'text_delta')
      .map((e) => e.text)
      .join('');
    expect(text).toBe('Hello there, I am ready.');
    expect(ofType(events, 'request')).toHaveLength(1);
    const usage = ofType(events, 'usage')[0]!.usage;
    expect(usage.input + usage.cacheWrite).toBeGreaterThan(0);
    expect(ofType(events, 'usage')[0]!.cost.usd).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual({
      type: 'turn_end',
      stopReason: 'end_turn',
      answer: 'Hello there, I am ready.',
    });
    expect(rig.fake.violations).toEqual([]);
  });

  it('runs read, edit and bash calls and sends their results back in order', async () => {
    rig = await chatRig([
      toolReply('read', { path: 'app.py' }),
      {
        reply: {
          content: [
            {
              type: 'tool_use',
              name: 'edit',
              input: { path: 'app.py', old_string: 'rate = 0.2', new_string: 'rate = 0.21' },
            },
            { type: 'tool_use', name: 'bash', input: { command: 'cat app.py' } },
          ],
        },
      },
      textReply('Changed the rate.'),
    ]);
    writeFileSync(join(rig.cwd, 'app.py'), 'rate = 0.2\n');
    const events = await turn(rig.controller(), 'bump the rate');
    const results = ofType(events, 'tool_result');
    expect(results.map((r) => r.name)).toEqual(['read', 'edit', 'bash']);
    expect(results[0]!.output).toContain('1\trate = 0.2');
    expect(results[1]!.display).toContain('+rate = 0.21');
    // bash ran after the edit, in the order of the calls
    expect(results[2]!.output).toBe('rate = 0.21');
    const third = rig.fake.requests[2]!.body;
    const toolResults = third.messages.at(-1).content;
    expect(toolResults.map((b: { type: string }) => b.type)).toEqual(['tool_result', 'tool_result']);
    expect(toolResults[0].tool_use_id).toBe(third.messages.at(-2).content[0].id);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', answer: 'Changed the rate.' });
    expect(rig.fake.violations).toEqual([]);
  });
});

describe('provider retries', () => {
  it('reports a 429 as a retry event and carries on with the answer', async () => {
    const { apiError } = await import('../../../support/fake-anthropic/index.js');
    rig = await chatRig([
      apiError(429, 'rate_limit_error', 'slow down', { 'retry-after': '0' }),
      textReply('after the wait'),
    ]);
    const events = await turn(rig.controller(), 'hi');
    expect(ofType(events, 'retry')).toMatchObject([{ attempt: 1, delayMs: 0 }]);
    expect(ofType(events, 'retry')[0]!.reason).toMatch(/^rate_limit/);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', answer: 'after the wait' });
  });

  it('places at most four cache breakpoints and the second call reads the first from the cache', async () => {
    rig = await chatRig([toolReply('glob', { pattern: '*' }), textReply('done')]);
    const events = await turn(rig.controller(), 'list files');
    expect(rig.fake.violations).toEqual([]);
    expect(ofType(events, 'usage')[1]!.usage.cacheRead).toBeGreaterThan(0);
  });
});

describe('streaming figures and thinking', () => {
  it('reports pressure while the answer streams, growing with it', async () => {
    rig = await chatRig([
      { reply: { content: [{ type: 'text', text: 'token '.repeat(300) }], chunkDelayMs: 60 } },
    ]);
    const events = await turn(rig.controller(), 'talk a lot');
    const request = ofType(events, 'request')[0]!;
    const firstDelta = events.findIndex((e) => e.type === 'text_delta');
    const usage = events.findIndex((e) => e.type === 'usage');
    const streamed = events.slice(firstDelta, usage).filter((e) => e.type === 'pressure');
    expect(streamed.length).toBeGreaterThan(0);
    const last = streamed.at(-1) as { pressure: { calibrated_tokens: number } };
    expect(last.pressure.calibrated_tokens).toBeGreaterThan(request.pressure.calibrated_tokens);
  });

  it('asks for thinking and sends thinking blocks back unchanged', async () => {
    const { thinkingReply } = await import('../../../support/fake-anthropic/index.js');
    rig = await chatRig(
      [
        {
          reply: {
            content: [
              { type: 'thinking', thinking: 'I should list the files.' },
              { type: 'tool_use', name: 'glob', input: { pattern: '*' } },
            ],
          },
        },
        thinkingReply('Nothing there.', 'The folder is empty.'),
      ],
      { strict: true },
    );
    const events = await turn(rig.controller({ thinking: 2_048 }), 'what is here?');
    expect(
      ofType(events, 'thinking_delta')
        .map((e) => e.text)
        .join(''),
    ).toContain('I should list the files.');
    const [first, second] = rig.fake.requests.map(
      (r) => r.body as { thinking: unknown; max_tokens: number; messages: { content: unknown[] }[] },
    );
    expect(first!.thinking).toEqual({ type: 'enabled', budget_tokens: 2_048 });
    expect(first!.max_tokens).toBeGreaterThan(2_048);
    expect(second!.messages[1]!.content[0]).toMatchObject({
      type: 'thinking',
      thinking: 'I should list the files.',
    });
    expect(rig.fake.violations).toEqual([]);
    expect(events.at(-1)).toMatchObject({ answer: 'The folder is empty.' });
  });
});
