import { describe, expect, it } from 'vitest';
import { requestUnits } from '../../../src/core/cache/cache-units.js';
import { createPromptCache, type CacheUsage } from '../../../src/core/cache/prompt-cache.js';
import {
  DEFAULT_CACHE_MODEL,
  applyMarks,
  clientMark,
  compactionFrontier,
  countBreakpoints,
  placeBreakpoints,
} from '../../../src/core/cache/index.js';
import { createCacheTrack, recordRequest } from '../../../src/core/cache/cache-track.js';
import { createEstimateCounter } from '../../../src/core/tokens/tokenizer.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/types.js';

const tokenizer = createEstimateCounter();
const ephemeral = { type: 'ephemeral' as const };
/** Claude Code's shape: tools, two marked system blocks, its mark on the newest block. */
const SYSTEM = [
  { type: 'text' as const, text: 'You are a coding agent.', cache_control: ephemeral },
  { type: 'text' as const, text: 'Rules. '.repeat(900), cache_control: ephemeral },
];
const TOOLS = [{ name: 'Bash', description: 'Runs a command', input_schema: { type: 'object' } }];

const output = (i: number) => `line ${i} of the output\n`.repeat(120);
const stub = (i: number) => `[gardener: log 1,200→0 tok · id=e${i} · run \`gardener show e${i}\`]`;

/** The conversation after `calls` tool calls; results listed in `shortened` are stubs. */
function conversation(calls: number, shortened: (i: number) => boolean): MessagesRequest {
  const messages: MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: 'Inspect the logs.' }] }];
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
  const last = messages.at(-1) as unknown as { role: 'user'; content: Array<Record<string, unknown>> };
  const content = [...last.content];
  content[content.length - 1] = { ...content.at(-1), cache_control: ephemeral };
  messages[messages.length - 1] = { ...last, content } as unknown as MessageParam;
  return { model: 'm', max_tokens: 100, system: SYSTEM, tools: TOOLS, messages } as MessagesRequest;
}

type Placer = (request: MessagesRequest, at: number) => MessagesRequest;

/** Sends each request through `place` to a fresh prompt cache; the usage of each. */
function replay(requests: readonly MessagesRequest[], place: Placer): CacheUsage[] {
  const cache = createPromptCache({ minTokens: 0 });
  return requests.map((request, i) => {
    const sent = place(request, i * 1000);
    expect(countBreakpoints(sent as never)).toBeLessThanOrEqual(4);
    return cache.request(requestUnits(sent, tokenizer), i * 1000);
  });
}

function gardener(): Placer {
  const track = createCacheTrack();
  return (request, at) => {
    const placed = placeBreakpoints(request, [], track, { tokenizer, at });
    recordRequest(track, placed.units, requestUnits(request, tokenizer), at, DEFAULT_CACHE_MODEL);
    return placed.request;
  };
}

/** The placement before the cache track: one more mark at the compaction frontier, when there is room. */
function withFrontierBreakpoint(request: MessagesRequest): MessagesRequest {
  const frontier = compactionFrontier(request.messages);
  const at = frontier === undefined ? undefined : clientMark(request.messages.slice(0, frontier + 1));
  return at ? applyMarks(request, [at]) : request;
}

describe("gardener's breakpoints in a proxied conversation", () => {
  it('an event rewrites from its first change, though an early result stays unshortened', () => {
    // Result 0 is never shortened (an error the agent still needs), which pinned the old frontier
    // before it; the event at call 30 shortens results 20–24 only.
    const requests = [];
    for (let calls = 1; calls <= 29; calls++) requests.push(conversation(calls, () => false));
    requests.push(conversation(30, (i) => i >= 20 && i <= 24));
    const before = replay(requests, (request) => withFrontierBreakpoint(request));
    const after = replay(requests, gardener());
    const event = requests.length - 1;
    // Units before the first change: tools, 2 system blocks, the prompt, 20 calls (tool_use + result) and call 20's tool_use.
    const firstChanged = 1 + 2 + 1 + 2 * 20 + 1;
    expect(after[event]!.readUnits).toBeGreaterThanOrEqual(firstChanged - 2);
    expect(before[event]!.readUnits).toBeLessThan(10);
    expect(after[event]!.written5m).toBeLessThan(before[event]!.written5m / 3);
  });

  it("the next event reads up to the end of what the last one compacted, past the API's 20-block lookback", () => {
    // Event 1 (call 40) shortens results 0–29: its first change is 60+ blocks before the end of its
    // region. Event 2 (call 43) shortens results 30–34, just after that region.
    const requests = [];
    for (let calls = 1; calls <= 39; calls++) requests.push(conversation(calls, () => false));
    requests.push(conversation(40, (i) => i < 30));
    requests.push(conversation(41, (i) => i < 30));
    requests.push(conversation(42, (i) => i < 30));
    requests.push(conversation(43, (i) => i < 35));
    const usage = replay(requests, gardener());
    const second = usage.at(-1)!;
    // Read through result 29's stub at least: tools, system ×2, prompt, 30 calls.
    expect(second.readUnits).toBeGreaterThanOrEqual(1 + 2 + 1 + 2 * 30);
  });

  it("frees one of Claude Code's two system marks for its second breakpoint, and keeps the last", () => {
    const track = createCacheTrack();
    for (let calls = 1; calls <= 9; calls++) {
      const request = conversation(calls, () => false);
      const placed = placeBreakpoints(request, [], track, { tokenizer, at: calls });
      recordRequest(track, placed.units, requestUnits(request, tokenizer), calls, DEFAULT_CACHE_MODEL);
    }
    // The event shortens results 0–6: one mark reads before it, one settles the end of its region.
    const event = placeBreakpoints(
      conversation(10, (i) => i <= 6),
      [],
      track,
      { tokenizer, at: 10 },
    ).request;
    expect(countBreakpoints(event as never)).toBe(4);
    const system = event.system as unknown as Array<Record<string, unknown>>;
    expect(system[0]!['cache_control']).toBeUndefined();
    expect(system[1]!['cache_control']).toEqual(ephemeral);
  });
});
