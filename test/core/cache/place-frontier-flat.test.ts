import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactionFrontier,
  countBreakpoints,
  DEFAULT_CACHE_MODEL,
  createCacheTrack,
  placeBreakpoints,
  recordRequest,
  requestUnits,
  type CacheTrack,
  type CacheUnit,
} from '../../../src/core/cache/index.js';
import { headBreakpoints } from '../../../src/core/cache/cache-frontier.js';
import { pickPlaces } from '../../../src/core/cache/cache-places.js';
import { createUnitsMemo, type PricedRequest } from '../../../src/core/cache/cache-units.js';
import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import type { MessageParam, MessagesRequest } from '../../../src/core/transcript/index.js';
import { watched } from '../../support/watched.js';

const tokenizer = defaultTokenizer();
type Json = Record<string, unknown>;
const mark = { cache_control: { type: 'ephemeral' } };

const long = (n: number) => `line ${n} of a long tool output\n`.repeat(12);
const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.constantFrom('', 'hi', 'go on', 'hi') }),
  fc.constant({ type: 'thinking', thinking: 'hmm', signature: 'c2ln' }),
  fc.nat(20).map((n) => ({ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { n } })),
  fc
    .record({ n: fc.nat(20), form: fc.constantFrom('short', 'long', 'shortened', 'parts') })
    .map(({ n, form }) => ({
      type: 'tool_result',
      tool_use_id: `t${n}`,
      content:
        form === 'short'
          ? `ok ${n}`
          : form === 'long'
            ? long(n)
            : form === 'shortened'
              ? `[gardener: log 812→0 tok · id=${n}] ${long(n)}`
              : [{ type: 'text', text: long(n), ...(n % 3 === 0 ? mark : {}) }],
    })),
);
const marked = fc.tuple(block, fc.nat(9)).map(([b, n]) => (n === 0 ? { ...b, ...mark } : b) as Json);
const message = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('', 'run the tests', 'and now?') },
  { weight: 5, arbitrary: fc.array(marked, { maxLength: 4 }) },
);

/** A plain-text agent's messages: no tool blocks; its outputs, long, short or shortened, are user text. */
const plainText = fc.oneof(
  fc.constantFrom('', 'run the tests', 'and now?'),
  fc.record({ n: fc.nat(20), form: fc.constantFrom('long', 'shortened', 'string') }).map(({ n, form }) =>
    form === 'string'
      ? long(n)
      : [
          {
            type: 'text',
            text: form === 'long' ? long(n) : `[gardener: log 812→0 tok · id=${n}] ${long(n)}`,
          },
        ],
  ),
  fc.array(
    fc.tuple(fc.constantFrom('go on', 'hmm', ''), fc.nat(9)).map(([text, n]) => ({
      type: 'text',
      text,
      ...(n === 0 && text !== '' ? mark : {}),
    })),
    { maxLength: 3 },
  ),
);

/** How one request changes the conversation's last one. */
const stepOf = (content: fc.Arbitrary<unknown>) =>
  fc.record({
    add: fc.array(content, { maxLength: 4 }),
    /** A message from the end replaced by a new object (an event's change, or the client moving its mark). */
    replace: fc.option(fc.tuple(fc.nat(30), content)),
    /** The same content in a new object (the proxy restores the client's marks on a copy). */
    copyLast: fc.boolean(),
    system: fc.constantFrom('same', 'other', 'two marks'),
    wait: fc.constantFrom(1_000, 400_000),
  });
const step = stepOf(message);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const SYSTEMS = {
  same: [{ type: 'text', text: 'You are a coding agent.' }],
  other: [{ type: 'text', text: 'You are a careful agent.', ...mark }],
  'two marks': [
    { type: 'text', text: 'You are a coding agent.', ...mark },
    { type: 'text', text: 'Working directory: /nowhere', ...mark },
  ],
};

function conversation(steps: Array<Step>): MessagesRequest[] {
  const messages: MessageParam[] = [];
  const requests: MessagesRequest[] = [];
  let role: 'user' | 'assistant' = 'user';
  for (const s of steps) {
    for (const content of s.add) {
      messages.push({ role, content } as MessageParam);
      role = role === 'user' ? 'assistant' : 'user';
    }
    if (s.replace && messages.length > 0) {
      const at = Math.max(0, messages.length - 1 - (s.replace[0] % messages.length));
      messages[at] = { role: messages[at]!.role, content: s.replace[1] } as MessageParam;
    }
    if (s.copyLast && messages.length > 0) messages[messages.length - 1] = { ...messages.at(-1)! };
    requests.push({
      model: 'm',
      max_tokens: 10,
      system: SYSTEMS[s.system],
      messages: [...messages],
    } as unknown as MessagesRequest);
  }
  return requests;
}

/** The track with nothing remembered of the requests before but what the cache model keeps. */
function forget(track: CacheTrack): void {
  track.units = createUnitsMemo();
  track.frontier = undefined;
  track.sentSerial = undefined;
}

/** The old walk over every message block, in unit order: what pickPlaces must find. */
function walkAll(
  request: MessagesRequest,
  head: number,
  key: string | undefined,
  changed: number,
  frontier?: number,
) {
  const picks: Record<string, { unit: number; message: number; block: number }> = {};
  let unit = head;
  request.messages.forEach((message, m) => {
    if (typeof message.content === 'string' || message.content.length === 0) return void unit++;
    (message.content as unknown as Json[]).forEach((b, j) => {
      const at = { unit: unit++, message: m, block: j };
      const empty = b['type'] === 'text' && b['text'] === '';
      if (b['type'] === 'thinking' || empty || b['cache_control']) return;
      if (at.unit < changed) {
        picks['last'] = at;
        if (!picks['previous'] && key !== undefined && unitsOf(request)[at.unit]?.key === key)
          picks['previous'] = at;
      }
      if (frontier !== undefined && m <= frontier) picks['end'] = at;
    });
  });
  return picks;
}

/** recordRequest's bills, or its error (a client's request with more breakpoints than the API takes). */
function billed(track: CacheTrack, sent: readonly CacheUnit[], original: readonly CacheUnit[], at: number) {
  try {
    return recordRequest(track, sent, original, at, DEFAULT_CACHE_MODEL);
  } catch (error) {
    return String(error);
  }
}

const unitsOf = (request: MessagesRequest) => requestUnits(request, tokenizer);

describe('placing the breakpoint from the last request, not the whole walk', () => {
  it.each([
    ['any conversation', step],
    ["a plain-text agent's", stepOf(plainText)],
  ])('places and bills as a track that remembers nothing of the request before (%s)', (_, steps) => {
    fc.assert(
      fc.property(fc.array(steps, { minLength: 1, maxLength: 12 }), (steps) => {
        const flat = createCacheTrack();
        const fresh = createCacheTrack();
        let at = 0;
        conversation(steps).forEach((request, i) => {
          at += steps[i]!.wait;
          forget(fresh);
          const a = placeBreakpoints(request, [], flat, { tokenizer, at });
          const b = placeBreakpoints(request, [], fresh, { tokenizer, at });
          expect(a.request).toEqual(b.request);
          expect(a.units).toEqual(b.units);
          expect(flat.frontierKey).toBe(fresh.frontierKey);
          const original = unitsOf(request);
          expect(billed(flat, a.units, original, at)).toEqual(billed(fresh, b.units, original, at));
        });
      }),
      { numRuns: 150 },
    );
  });

  it('finds the places, the breakpoints and the frontier the full walks find', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.nat(),
        (steps, pickKey, pickChanged) => {
          const memo = createUnitsMemo();
          for (const request of conversation(steps)) {
            const units = requestUnits(request, tokenizer, memo);
            const priced = memo.last as PricedRequest;
            expect(headBreakpoints(request) + priced.breaks.at(-1)!).toBe(countBreakpoints(request));
            const key = units.length > 0 ? (units[pickKey % units.length] as CacheUnit).key : undefined;
            const changed = pickChanged % (units.length + 1);
            const frontier = compactionFrontier(request.messages);
            const picks = pickPlaces(request, priced, { units, frontierKey: key, changed, frontier });
            expect(picks).toEqual(walkAll(request, priced.head, key, changed, frontier));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads none of the messages before the newest the last request had, as the conversation grows', () => {
    const track = createCacheTrack();
    const reads = { count: 0 };
    const messages: MessageParam[] = [{ role: 'user', content: 'run the tests' }];
    for (let n = 0; n < 40; n++)
      messages.push(
        { role: 'assistant', content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { n } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: `t${n}`, content: `[gardener: log · id=${n}] ${long(n)}` },
          ],
        },
      );
    // All but the newest, watched: the breakpoint that reads the cache goes on the newest.
    const shared = [...messages.slice(0, -1).map((m) => watched(m, reads)), messages.at(-1)!];
    const request = (more: MessageParam[]) =>
      ({
        model: 'm',
        max_tokens: 10,
        system: SYSTEMS.same,
        messages: [...shared, ...more],
      }) as unknown as MessagesRequest;
    const first = placeBreakpoints(request([]), [], track, { tokenizer, at: 0 });
    recordRequest(track, first.units, first.units, 0, DEFAULT_CACHE_MODEL);
    reads.count = 0;
    const next: MessageParam[] = [
      { role: 'assistant', content: [{ type: 'tool_use', id: 'u', name: 'Bash', input: {} }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'u', content: long(99) }],
      },
    ];
    placeBreakpoints(request(next), [], track, { tokenizer, at: 1_000 });
    // Only the newest shared message is looked at: the place just before the new ones is in it.
    // The newest shared message is read (the place just before the new ones is in it), no other.
    expect(reads.count).toBe(0);
  });
});
