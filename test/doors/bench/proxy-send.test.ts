import { describe, expect, it } from 'vitest';
import { createProxySend, withClientMarks } from '../../../src/doors/bench/proxy-send.js';
import { clientMark } from '../../../src/core/cache/cache-frontier.js';
import { requestUnits } from '../../../src/core/cache/cache-units.js';
import { createPromptCache, usageCost } from '../../../src/core/cache/prompt-cache.js';
import { DEFAULT_CACHE_MODEL } from '../../../src/core/cache/models.js';
import { createEstimateCounter } from '../../../src/core/tokens/tokenizer.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/types.js';

const tokenizer = createEstimateCounter();
const SYSTEM = [
  { type: 'text' as const, text: 'You are a coding agent.' },
  { type: 'text' as const, text: 'Rules. '.repeat(900) },
];
const output = (i: number) => `line ${i} of the output\n`.repeat(120);
const stub = (i: number) => `[gardener: log 1,200→0 tok · id=e${i} · run \`gardener show e${i}\`]`;
/** Calls 30 s apart, well inside the cache's 5 minutes. */
const GAP = 30_000;

/** The conversation after `calls` tool calls, as a bench transcript holds it (no breakpoints). */
function conversation(calls: number, shortened: (i: number) => boolean): MessagesRequest {
  const messages: MessageParam[] = [{ role: 'user', content: 'Inspect the logs.' }];
  for (let i = 0; i < calls; i++) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { n: i } }],
    });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: shortened(i) ? stub(i) : output(i) }],
    });
  }
  return { system: SYSTEM, messages };
}

describe('withClientMarks (Claude Code breakpoints on a bench request)', () => {
  it('marks the last system block and the newest block; a string message becomes one text block', () => {
    const request: MessagesRequest = {
      system: SYSTEM,
      messages: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: 'hi' },
        { role: 'user', content: 'go on' },
      ],
    };
    const out = withClientMarks(request);
    expect(
      (out.system as unknown as Array<Record<string, unknown>>).map((b) => 'cache_control' in b),
    ).toEqual([false, true]);
    expect(out.messages[2]?.content).toEqual([
      { type: 'text', text: 'go on', cache_control: { type: 'ephemeral' } },
    ]);
    expect(out.messages[0]?.content).toEqual([{ type: 'text', text: 'hello' }]);
    expect(request.messages[2]?.content).toBe('go on'); // the input is not changed
  });

  it("keeps the client's mark on the client's last block when gardener appended its turn injection", () => {
    const original = {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'why?' }] }],
    } as MessagesRequest;
    const injected = { type: 'text' as const, text: '<gardener-injected>context</gardener-injected>' };
    const rendered = {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'why?' }, injected] }],
    } as MessagesRequest;
    const out = withClientMarks(rendered, clientMark(original.messages));
    expect(out.messages[0]?.content).toEqual([
      { type: 'text', text: 'why?', cache_control: { type: 'ephemeral' } },
      injected,
    ]);
  });
});

describe('createProxySend (the proxy door replayed)', () => {
  it('bills an unchanged request as the client would, and places the client mark on the newest block', () => {
    const proxy = createProxySend(tokenizer);
    const request = conversation(3, () => false);
    const sent = proxy.send(request, request, 0);
    expect(sent.costs.managed).toBe(sent.costs.unmanaged);
    expect(sent.marks).toContainEqual({ message: 6, block: 0 });
  });

  it("reads a second event's unchanged prefix from the breakpoint gardener left at the first", () => {
    const proxy = createProxySend(tokenizer);
    const alone = createPromptCache();
    // Event one at call 25 shortens results 0–9; event two at call 28 shortens results 10–14.
    const shortened = (call: number) => (i: number) => (call >= 25 && i < 10) || (call >= 28 && i < 15);
    for (let call = 1; call <= 28; call++) {
      const at = call * GAP;
      const rendered = conversation(call, shortened(call));
      const sent = proxy.send(
        rendered,
        conversation(call, () => false),
        at,
      );
      const clientOnly = usageCost(
        alone.request(requestUnits(withClientMarks(rendered), tokenizer), at),
        DEFAULT_CACHE_MODEL,
      );
      if (call < 28) continue;
      // The first event's settled end (the tool call before result 10) is read, not rewritten; with
      // the client's marks alone, the second event rewrites everything after the system prompt.
      expect(sent.marks).toContainEqual({ message: 21, block: 0 });
      expect(sent.costs.managed).toBeLessThan(clientOnly);
    }
  });
});
