import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CACHE_MODEL,
  MAX_CACHE_BREAKPOINTS,
  applyMarks,
  clientMark,
  compactionFrontier,
  countBreakpoints,
  createCacheTrack,
  ownMarks,
  placeBreakpoints,
  recordRequest,
  requestUnits,
  type ClientMark,
} from '../../../src/core/cache/index.js';
import { createEstimateCounter } from '../../../src/core/tokens/tokenizer.js';
import { toRequest, type MessagesRequest } from '../../../src/core/transcript/types.js';
import {
  createIssued,
  startFakeAnthropic,
  textReply,
  validateRequest,
} from '../../support/fake-anthropic/index.js';
import { transcriptArb } from '../../support/transcript-arbitraries.js';

const tokenizer = createEstimateCounter();
const EPHEMERAL = { type: 'ephemeral' as const };
type Loose = Record<string, unknown>;
const blocks = (request: MessagesRequest, m: number) => request.messages[m]!.content as unknown as Loose[];

/** A tool loop: user prompt, then `turns` × (tool call, tool result of `size` characters). */
function toolLoop(turns: number, size: number, shortened = 0): MessagesRequest {
  const messages: MessagesRequest['messages'] = [{ role: 'user', content: 'Read the logs.' }];
  for (let i = 0; i < turns; i++) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `t${i}`, name: 'read', input: { i } }],
    });
    const text =
      i < shortened ? `[gardener: log summary · fetch("id${i}")] job ${i} ok` : `job ${i} `.repeat(size / 6);
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `t${i}`, content: text }] });
  }
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 10,
    system: 'You are a careful engineer. '.repeat(40),
    tools: [{ name: 'read', input_schema: { type: 'object' } }],
    messages,
  };
}

describe('the compaction frontier', () => {
  it('is the message before the first tool result gardener has not shortened and could', () => {
    expect(compactionFrontier(toolLoop(4, 600).messages)).toBe(1);
    expect(compactionFrontier(toolLoop(4, 600, 2).messages)).toBe(5);
    expect(compactionFrontier(toolLoop(4, 600, 4).messages)).toBeUndefined();
    expect(compactionFrontier(toolLoop(4, 60).messages)).toBeUndefined(); // too short to shorten
  });
});

describe("a door's own marks (ownMarks)", () => {
  it('marks the system prompt (a string becomes one block) and the newest block of the conversation', () => {
    const request = toolLoop(2, 600);
    const marks = ownMarks(request);
    expect(marks).toEqual([
      { message: 'system', block: 0 },
      { message: 4, block: 0 },
    ]);
    const out = applyMarks(request, marks);
    expect(out.system).toEqual([{ type: 'text', text: request.system, cache_control: EPHEMERAL }]);
    expect(blocks(out, 4)[0]!['cache_control']).toEqual(EPHEMERAL);
    expect(out.tools?.[0]).not.toHaveProperty('cache_control');
  });

  it('marks the last tool when there is no system prompt, and skips thinking for the newest block', () => {
    const request: MessagesRequest = {
      tools: [{ name: 'a', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 's' }] },
      ],
    };
    expect(ownMarks(request)).toEqual([
      { message: 'tools', block: 0 },
      { message: 0, block: 0 },
    ]);
  });
});

describe('the one placer (placeBreakpoints)', () => {
  it("keeps the client's marks where they were and adds gardener's at the compaction frontier", () => {
    // Claude Code's shape: two marked system blocks, its mark on the newest block (taken off by the door).
    const claudeCode = (request: MessagesRequest): MessagesRequest => ({
      ...request,
      system: [
        { type: 'text', text: 'You are Claude Code.', cache_control: EPHEMERAL },
        { type: 'text', text: 'Rules. '.repeat(400), cache_control: EPHEMERAL },
      ],
    });
    const track = createCacheTrack();
    const send = (request: MessagesRequest, at: number) => {
      const newest = clientMark(request.messages)!;
      const client: ClientMark = { ...newest, value: { type: 'ephemeral', ttl: '1h' } };
      const placed = placeBreakpoints(request, [client], track, { tokenizer, at });
      const original = requestUnits(applyMarks(request, [client]), tokenizer);
      recordRequest(track, placed.units, original, at, DEFAULT_CACHE_MODEL);
      return { placed, newest, client };
    };
    send(claudeCode(toolLoop(8, 900)), 0);
    // An event shortened results 0–2.
    const request = claudeCode(toolLoop(8, 900, 3));
    const { placed, newest, client } = send(request, 1_000);
    expect(countBreakpoints(placed.request)).toBe(MAX_CACHE_BREAKPOINTS);
    // The client's own mark, with its own value, is back on its block.
    expect(blocks(placed.request, newest.message)[newest.block]!['cache_control']).toEqual(client.value);
    // gardener's reads the cache before the event's first change (result 0), and settles the end
    // of the compacted region: the tool call before result 3.
    expect(blocks(placed.request, 1)[0]!['cache_control']).toEqual(EPHEMERAL);
    const frontier = compactionFrontier(request.messages)!;
    expect(frontier).toBe(7);
    expect(blocks(placed.request, frontier)[0]!['cache_control']).toEqual(EPHEMERAL);
    // To make room, the first of the two system marks was freed; the last one stays.
    const system = placed.request.system as unknown as Loose[];
    expect(system.map((block) => block['cache_control'])).toEqual([undefined, EPHEMERAL]);
    // The units carry the same breakpoints as the request.
    expect(placed.units.filter((unit) => unit.breakpoint).length).toBe(MAX_CACHE_BREAKPOINTS);
  });

  it('adds nothing when the client used the four, and never removes a client mark', () => {
    const request = toolLoop(6, 900, 2);
    const marks: ClientMark[] = [
      { message: 'tools', block: 0 },
      { message: 'system', block: 0 },
      { message: 3, block: 0 },
      { message: 12, block: 0 },
    ];
    const placed = placeBreakpoints(request, marks, createCacheTrack(), { tokenizer, at: 0 });
    expect(placed.request).toEqual(applyMarks(request, marks));
    expect(countBreakpoints(placed.request)).toBe(4);
  });

  it('never sends more than four and keeps generated requests valid, whatever the client marked', () => {
    const issued = createIssued();
    fc.assert(
      fc.property(
        transcriptArb({ systemMessages: false, unknownBlocks: false, maxTurns: 6, scale: 'small' }),
        fc.array(fc.record({ message: fc.nat(20), block: fc.nat(4) }), { maxLength: 6 }),
        (transcript, picks) => {
          const request = { model: 'claude-opus-5-5', max_tokens: 1, ...toRequest(transcript) };
          // A client only marks blocks that can carry a mark.
          const marks = picks.filter(({ message, block }) => {
            const content = request.messages[message]?.content;
            const at = Array.isArray(content) ? (content[block] as unknown as Loose | undefined) : undefined;
            return at !== undefined && at['type'] !== 'thinking' && at['type'] !== 'redacted_thinking';
          });
          const placed = placeBreakpoints(request, marks, createCacheTrack(), { tokenizer, at: 0 });
          expect(countBreakpoints(placed.request)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
          // The client's marks that fit are all there (newest first), on the blocks they were on.
          const kept = marks.slice(-MAX_CACHE_BREAKPOINTS);
          for (const mark of kept)
            expect(blocks(placed.request, mark.message)[mark.block]).toHaveProperty('cache_control');
          expect(validateRequest(placed.request, { strict: false, issued })).toBe(
            validateRequest(request, { strict: false, issued }),
          );
        },
      ),
      { numRuns: 80 },
    );
  });

  it('lets a call after an event read the prefix up to the frontier from the fake API cache', async () => {
    /** Two calls on a fresh fake: before, and after an event that shortened results 2 and 3. */
    const afterEvent = async (gardeners: boolean) => {
      const fake = await startFakeAnthropic({ script: [textReply('a'), textReply('b')], cacheMinTokens: 0 });
      const track = createCacheTrack();
      try {
        let usage = { cache_read_input_tokens: 0 };
        for (const [i, request] of [toolLoop(8, 900, 2), toolLoop(8, 900, 4)].entries()) {
          const marks = ownMarks(request);
          const body = gardeners
            ? placeBreakpoints(request, marks, track, { tokenizer, at: i }).request
            : applyMarks(request, marks);
          recordRequest(
            track,
            requestUnits(body, tokenizer),
            requestUnits(body, tokenizer),
            i,
            DEFAULT_CACHE_MODEL,
          );
          const res = await fetch(`${fake.url}/v1/messages`, {
            method: 'POST',
            headers: { 'x-api-key': 'k' },
            body: JSON.stringify(body),
          });
          usage = ((await res.json()) as { usage: typeof usage }).usage;
        }
        expect(fake.violations).toEqual([]);
        return usage.cache_read_input_tokens;
      } finally {
        await fake.close();
      }
    };
    const clientOnly = await afterEvent(false);
    const placed = await afterEvent(true);
    // With the client's marks alone only the system is read again; with gardener's, results 0–1 too.
    expect(placed).toBeGreaterThan(clientOnly);
  });
});
