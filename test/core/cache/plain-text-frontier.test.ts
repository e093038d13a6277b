import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CACHE_MODEL,
  applyMarks,
  clientMark,
  compactionFrontier,
  createCacheTrack,
  placeBreakpoints,
  recordRequest,
  requestUnits,
  type ClientMark,
} from '../../../src/core/cache/index.js';
import { createEstimateCounter } from '../../../src/core/tokens/tokenizer.js';
import type { MessagesRequest } from '../../../src/core/transcript/types.js';

const tokenizer = createEstimateCounter();

/**
 * A plain-text agent (mini-swe-agent's shape): a task, then `turns` × (the action in the agent's
 * text, its output as user text of `size` characters). Outputs in `shortened` are gardener's
 * summaries; `withTool` puts a tool_use block in the first action. Contents are text blocks, as the
 * proxy sends them (a string has no block to carry a breakpoint).
 */
function plainLoop(
  turns: number,
  size: number,
  shortened: ReadonlySet<number> = new Set(),
  withTool = false,
): MessagesRequest {
  const messages: MessagesRequest['messages'] = [{ role: 'user', content: 'Fix the failing test.' }];
  for (let i = 0; i < turns; i++) {
    const action = `THOUGHT: look at step ${i}.\n\n\`\`\`bash\ncat part${i}.py\n\`\`\``;
    messages.push({
      role: 'assistant',
      content:
        withTool && i === 0
          ? [
              { type: 'text', text: action },
              { type: 'tool_use', id: 't0', name: 'bash', input: {} },
            ]
          : [{ type: 'text', text: action }],
    });
    const output = shortened.has(i)
      ? `[gardener: code 220→30 tok · fetch("id${i}")] part${i}.py: def step_${i}()`
      : `<returncode>0</returncode>\n<output>\n${`def step_${i}(): pass\n`.repeat(size / 20)}</output>`;
    messages.push({ role: 'user', content: [{ type: 'text', text: output }] });
  }
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 10,
    system: 'You run one command a turn. '.repeat(60),
    messages,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('the compaction frontier of a plain-text agent', () => {
  it('is the message before the first output not shortened after the last one shortened', () => {
    // Messages: 0 the task, then the action of turn i at 2i + 1 and its output at 2i + 2.
    expect(compactionFrontier(plainLoop(4, 600).messages)).toBe(1);
    expect(compactionFrontier(plainLoop(4, 600, new Set([0, 1])).messages)).toBe(5);
    // Output 0 was kept whole by an event that shortened output 1: the next event starts after it.
    expect(compactionFrontier(plainLoop(4, 600, new Set([1])).messages)).toBe(5);
    expect(compactionFrontier(plainLoop(4, 600, new Set([0, 1, 2, 3])).messages)).toBeUndefined();
    expect(compactionFrontier(plainLoop(4, 60).messages)).toBeUndefined(); // too short to shorten
  });

  it('is read from tool results alone once the conversation holds a tool block', () => {
    expect(compactionFrontier(plainLoop(4, 600, new Set(), true).messages)).toBeUndefined();
  });
});

describe("an event in a plain-text agent's conversation", () => {
  it('reads the cache up to where the event before it stopped instead of rewriting the conversation', () => {
    const track = createCacheTrack();
    const send = (request: MessagesRequest, at: number) => {
      const marks: ClientMark[] = [clientMark(request.messages)!];
      const placed = placeBreakpoints(request, marks, track, { tokenizer, at });
      const original = requestUnits(applyMarks(request, marks), tokenizer);
      return recordRequest(track, placed.units, original, at, DEFAULT_CACHE_MODEL).sent;
    };
    // Calls 1–20 as they came; an event at call 21 shortens outputs 0–18 but output 3, which it
    // keeps whole; calls 22–30 add a turn each; an event at call 31 shortens outputs 19–28.
    let at = 0;
    for (let turns = 1; turns <= 20; turns++) send(plainLoop(turns, 900), (at += 1_000));
    const first = new Set(range(0, 19).filter((i) => i !== 3));
    for (let turns = 21; turns <= 30; turns++) send(plainLoop(turns, 900, first), (at += 1_000));
    const second = new Set([...first, ...range(19, 29)]);
    const request = plainLoop(31, 900, second);
    const usage = send(request, (at += 1_000));
    // The second event's first change is output 19 (message 40): everything before it is read.
    const units = requestUnits(request, tokenizer);
    const head = units.length - request.messages.length;
    expect(usage.readUnits).toBe(head + 40);
  });
});
