import { describe, expect, it } from 'vitest';
import { chatMarks, sendWithCacheTrack } from '../../../../src/doors/chat/agent/cache-send.js';
import type { DoorSession } from '../../../../src/doors/kit/session.js';
import { countBreakpoints } from '../../../../src/core/cache/cache-frontier.js';
import { createCacheTrack } from '../../../../src/core/cache/cache-track.js';
import type { MessageParam, MessagesRequest, Transcript } from '../../../../src/core/transcript/types.js';

const SYSTEM = 'You are a coding agent. '.repeat(300);
const TOOLS = [{ name: 'bash', description: 'Runs a command', input_schema: { type: 'object' as const } }];
const output = (i: number) => `line ${i} of the output\n`.repeat(120);
const stub = (i: number) => `[gardener: log 1,200→0 tok · id=e${i} · run \`gardener show e${i}\`]`;
const INJECTED = { type: 'text' as const, text: '<gardener-injected>context</gardener-injected>' };

function messages(calls: number, shortened: (i: number) => boolean): MessageParam[] {
  const out: MessageParam[] = [{ role: 'user', content: 'Inspect the logs.' }];
  for (let i = 0; i < calls; i++) {
    out.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `t${i}`, name: 'bash', input: { n: i } }],
    });
    out.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: shortened(i) ? stub(i) : output(i) }],
    });
  }
  return out;
}

function transcript(calls: number): Transcript {
  return {
    id: 'chat',
    format: 'anthropic',
    system: SYSTEM,
    tools: TOOLS,
    messages: messages(calls, () => false),
    extra: { model: 'claude-test', max_tokens: 100 },
  };
}

/** A session whose guard records what it is told. */
function observedSession(): { session: DoorSession; costs: Array<{ managed: number; unmanaged: number }> } {
  const costs: Array<{ managed: number; unmanaged: number }> = [];
  return {
    session: { garden: { observeCost: (c: (typeof costs)[number]) => costs.push(c) } } as never,
    costs,
  };
}

const marked = (message: MessageParam | undefined) =>
  Array.isArray(message?.content) &&
  (message.content as unknown as Array<Record<string, unknown>>).some((b) => b['cache_control']);

describe('the chat sends with the core cache track', () => {
  it('tells the guard both sides: equal while nothing is shortened', () => {
    const { session, costs } = observedSession();
    const track = createCacheTrack();
    for (let call = 1; call <= 3; call++) {
      const deps = { session, transcript: transcript(call), marks: chatMarks };
      sendWithCacheTrack(
        deps,
        track,
        {
          ...deps.transcript.extra,
          system: SYSTEM,
          tools: TOOLS,
          messages: deps.transcript.messages,
        },
        call * 30_000,
      );
    }
    expect(costs).toHaveLength(3);
    for (const cost of costs) expect(cost.managed).toBe(cost.unmanaged);
    expect(costs[0]?.managed).toBeGreaterThan(0);
  });

  it("marks the conversation's newest block, not the injection after it, and gardener's settled end, within 4", () => {
    const { session, costs } = observedSession();
    const track = createCacheTrack();
    let sent: MessagesRequest | undefined;
    for (let call = 1; call <= 8; call++) {
      const deps = { session, transcript: transcript(call), marks: chatMarks };
      const rendered = messages(call, (i) => call >= 8 && i < 5);
      const last = rendered.at(-1) as MessageParam;
      rendered[rendered.length - 1] = {
        ...last,
        content: [...(last.content as never[]), INJECTED],
      };
      sent = sendWithCacheTrack(
        deps,
        track,
        { system: SYSTEM, tools: TOOLS, messages: rendered },
        call * 30_000,
      ).request;
    }
    const request = sent as MessagesRequest;
    expect(countBreakpoints(request)).toBeLessThanOrEqual(4);
    const newest = request.messages.at(-1)?.content as unknown as Array<Record<string, unknown>>;
    expect(newest.map((b) => 'cache_control' in b)).toEqual([true, false]);
    // The end of the compacted region (the tool call before result 5) is written for the next event.
    expect(marked(request.messages[11])).toBe(true);
    // The guard is told what the event's rewrite costs against the same call unmanaged.
    expect(costs.at(-1)?.managed).toBeGreaterThan(costs.at(-1)?.unmanaged ?? 0);
  });
});
