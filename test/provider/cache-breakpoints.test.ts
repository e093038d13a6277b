import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compactionFrontier,
  countBreakpoints,
  MAX_CACHE_BREAKPOINTS,
  placeCacheBreakpoints,
} from '../../src/doors/kit/provider/cache-breakpoints.js';
import { toRequest, type MessagesRequest } from '../../src/core/transcript/types.js';
import {
  createIssued,
  startFakeAnthropic,
  textReply,
  validateRequest,
  type FakeAnthropic,
} from '../support/fake-anthropic/index.js';
import { transcriptArb } from '../support/transcript-arbitraries.js';

/** A block read loosely in assertions. */
type Loose = { cache_control?: unknown; content?: Loose[] };

const EPHEMERAL = { type: 'ephemeral' as const };

const base = (): MessagesRequest => ({
  system: [{ type: 'text', text: 'You are careful.', cache_control: EPHEMERAL }],
  tools: [
    { name: 'a', input_schema: { type: 'object' } },
    { name: 'b', input_schema: { type: 'object' }, cache_control: EPHEMERAL },
  ],
  messages: [
    { role: 'user', content: 'first' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig' },
        { type: 'tool_use', id: 't1', name: 'a', input: {} },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 't1',
          content: [{ type: 'text', text: 'out', cache_control: EPHEMERAL }],
        },
      ],
    },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'only thinking', signature: 's2' }] },
    { role: 'user', content: 'latest' },
  ],
});

describe('placeCacheBreakpoints', () => {
  it('marks the last tool, the last system block and the last stable block, removing the caller’s', () => {
    const input = base();
    const snapshot = structuredClone(input);
    const out = placeCacheBreakpoints(input, { stableMessages: 3 });
    expect(input).toEqual(snapshot);
    expect(out.tools?.map((t) => 'cache_control' in t)).toEqual([false, true]);
    expect(out.system).toEqual([{ type: 'text', text: 'You are careful.', cache_control: EPHEMERAL }]);
    const result = (out.messages[2]!.content as unknown as Loose[])[0]!;
    expect(result.cache_control).toEqual(EPHEMERAL);
    expect(result.content?.[0]?.cache_control).toBeUndefined();
    expect(countBreakpoints(out)).toBe(3);
  });

  it('skips thinking blocks: a stable message of thinking only marks an earlier block', () => {
    const out = placeCacheBreakpoints(base(), { stableMessages: 4 });
    expect((out.messages[3]!.content as unknown as Loose[])[0]!.cache_control).toBeUndefined();
    expect((out.messages[2]!.content as unknown as Loose[])[0]!.cache_control).toEqual(EPHEMERAL);
  });

  it('turns a string system prompt and a string message into marked text blocks when needed', () => {
    const out = placeCacheBreakpoints(
      { system: 'sys', messages: [{ role: 'user', content: 'q' }] },
      { stableMessages: 1 },
    );
    expect(out.system).toEqual([{ type: 'text', text: 'sys', cache_control: EPHEMERAL }]);
    expect(out.messages[0]!.content).toEqual([{ type: 'text', text: 'q', cache_control: EPHEMERAL }]);
  });

  it('with tail, marks the end of the request too, never more than 4 in all', () => {
    const out = placeCacheBreakpoints(base(), { stableMessages: 3, tail: true });
    expect(out.messages[4]!.content).toEqual([{ type: 'text', text: 'latest', cache_control: EPHEMERAL }]);
    expect(countBreakpoints(out)).toBe(4);
  });

  it('never exceeds the API limit and keeps generated requests valid', () => {
    const issued = createIssued();
    fc.assert(
      fc.property(
        transcriptArb({ systemMessages: false, unknownBlocks: false, maxTurns: 6, scale: 'small' }),
        fc.nat(20),
        fc.boolean(),
        fc.option(fc.nat(20), { nil: undefined }),
        (transcript, stable, tail, frontier) => {
          const request = { model: 'm', max_tokens: 1, ...toRequest(transcript) };
          const out = placeCacheBreakpoints(request, {
            stableMessages: stable,
            tail,
            ...(frontier !== undefined ? { frontier } : {}),
          });
          expect(countBreakpoints(out)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
          expect(validateRequest(out, { strict: false, issued })).toBe(
            validateRequest(request, { strict: false, issued }),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('placeCacheBreakpoints against the fake API cache', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
  });

  it('lets the next call of a growing conversation read the stable prefix from the cache', async () => {
    // Prompts this small are under the API's cacheable minimum; the fake lowers it to see the marks work.
    fake = await startFakeAnthropic({ script: [textReply('a'), textReply('b')], cacheMinTokens: 0 });
    const system = 'You are a careful engineer. '.repeat(60);
    const history = [
      { role: 'user' as const, content: 'Read the log. '.repeat(80) },
      { role: 'assistant' as const, content: 'Read it.' },
      { role: 'user' as const, content: 'Now fix it.' },
    ];
    const send = async (messages: typeof history, stableMessages: number) => {
      const body = placeCacheBreakpoints(
        { model: 'm', max_tokens: 10, system, messages },
        { stableMessages },
      );
      const res = await fetch(`${fake!.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': 'k' },
        body: JSON.stringify(body),
      });
      return (
        (await res.json()) as {
          usage: { cache_read_input_tokens: number; cache_creation_input_tokens: number };
        }
      ).usage;
    };
    const first = await send(history, 3);
    const second = await send(
      [...history, { role: 'assistant', content: 'Fixed.' }, { role: 'user', content: 'Thanks.' }],
      3,
    );
    expect(first.cache_read_input_tokens).toBe(0);
    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(second.cache_read_input_tokens).toBeGreaterThan(200);
    expect(fake.violations).toEqual([]);
  });
});

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
    model: 'm',
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

  it('takes the tools’ place when four marks are needed (the system’s covers the tools)', () => {
    const request = toolLoop(6, 600, 2);
    const out = placeCacheBreakpoints(request, {
      stableMessages: request.messages.length - 1,
      tail: true,
      frontier: compactionFrontier(request.messages)!,
    });
    expect(countBreakpoints(out)).toBe(MAX_CACHE_BREAKPOINTS);
    expect(out.tools?.[0]).not.toHaveProperty('cache_control');
    const marked = (out.messages[5]!.content as unknown as Loose[])[0]!;
    expect(marked.cache_control).toEqual(EPHEMERAL);
  });

  it('lets a call after an event read the prefix up to the frontier from the fake API cache', async () => {
    /** Two calls on a fresh fake: before, and after an event that shortened results 2 and 3. */
    const afterEvent = async (frontier: boolean) => {
      const fake = await startFakeAnthropic({ script: [textReply('a'), textReply('b')], cacheMinTokens: 0 });
      try {
        let usage = { cache_read_input_tokens: 0 };
        for (const request of [toolLoop(8, 900, 2), toolLoop(8, 900, 4)]) {
          const at = compactionFrontier(request.messages);
          const body = placeCacheBreakpoints(request, {
            stableMessages: request.messages.length - 1,
            tail: true,
            ...(frontier && at !== undefined ? { frontier: at } : {}),
          });
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
    const without = await afterEvent(false);
    const withFrontier = await afterEvent(true);
    // Without it, only the tools and system are read again; with it, the messages up to result 2 too.
    expect(withFrontier).toBeGreaterThan(without);
  });
});
