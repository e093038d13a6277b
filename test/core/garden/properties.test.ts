import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { classify } from '../../../src/core/classify/classify.js';
import type { ClassifyHints, ContentClass } from '../../../src/core/classify/types.js';
import { compress } from '../../../src/core/compress/index.js';
import type { CompressContext, Summary } from '../../../src/core/compress/types.js';
import { openGarden, type Garden } from '../../../src/core/garden/index.js';
import { stripMessage } from '../../../src/core/transcript/strip-message.js';
import { INJECT_BEGIN } from '../../../src/core/transcript/strip.js';
import type { InjectMode } from '../../../src/core/garden/session/defaults.js';
import { openStore } from '../../../src/core/store/open.js';
import { blockText } from '../../../src/core/transcript/blocks.js';
import type { Block, MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { toRequest } from '../../../src/core/transcript/types.js';
import { addedIssues, firstChangedMessage, normalizeMessage } from '../../support/requests.js';
import { textOnlyTranscriptArb, transcriptArb } from '../../support/transcript-arbitraries.js';
import { recall } from '../../../src/core/recall/recall.js';

/**
 * Replays generated transcripts call by call through two gardens in lockstep and checks, at every
 * call: the render adds no validation issue to the input's; it is identical in both gardens; every
 * shortened block is recoverable byte for byte from the store; between events the previous request
 * is a prefix of the next (its injection aside); injected text never reaches the store.
 * GARDENER_PROPERTY_RUNS raises the number of transcripts (default keeps the suite fast).
 */
const RUNS = Number(process.env['GARDENER_PROPERTY_RUNS'] ?? 80);
/** Time allowed per test: generous per transcript, so that large runs are not cut short. */
const TIMEOUT_MS = 30_000 + RUNS * 250;

// In memory: the properties are the engine's; the store's file handling has its own tests.
const store = openStore({ path: ':memory:', redact: false, now: () => 1_000_000 });
afterAll(() => store.close());

let run = 0;

const norm = normalizeMessage;
const blocksOf = (m: MessageParam): Block[] =>
  typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Block[]);

/** Every id a rendered block mentions: `id=…` in a stub, `fetch("…")` in a summary. */
function idsIn(block: Block): string[] {
  return [...JSON.stringify(block).matchAll(/(?:id=|fetch\(\\?")(\w+)/g)].map((m) => m[1] as string);
}

/** The stored originals a block can be rebuilt from: its text, its tool input, or its media parts. */
function recoverableFrom(block: Block): string[] {
  const out = [blockText(block)];
  if (block.type === 'image' || block.type === 'document') out.push(JSON.stringify(block));
  if (block.type === 'tool_result' && Array.isArray(block.content))
    for (const part of block.content) out.push(JSON.stringify(part));
  return out;
}

function withBlock(message: MessageParam, block: Block): MessageParam {
  return { ...message, content: [...blocksOf(message), block] } as MessageParam;
}

function replay(transcript: Transcript, budget: number, inject: InjectMode): void {
  run++;
  // The twin garden reuses the first one's classifier and compressor results (keyed by their input):
  // it checks that the engine is deterministic at half the cost.
  const classified = new Map<string, ContentClass>();
  const compressed = new Map<string, Summary>();
  const recordClassify = (text: string, hints: ClassifyHints) => {
    const cls = classify(text, hints);
    classified.set(JSON.stringify([text, hints]), cls);
    return cls;
  };
  const recordCompress = (cls: ContentClass, text: string, context: CompressContext) => {
    const summary = compress(cls, text, context);
    compressed.set(JSON.stringify([cls, text, context]), summary);
    return summary;
  };
  const open = (name: string, twin: boolean): Garden =>
    openGarden({
      store,
      session: { project: `p${run}`, session: name },
      budget,
      config: { inject, now: () => 1_000_000, keepLastTurns: 2 },
      classify: twin
        ? (text, hints) => classified.get(JSON.stringify([text, hints])) ?? classify(text, hints)
        : recordClassify,
      compress: twin
        ? (cls, text, context) =>
            compressed.get(JSON.stringify([cls, text, context])) ?? compress(cls, text, context)
        : recordCompress,
    });
  const a = open('a', false);
  const b = open('b', true);
  const calls = transcript.messages
    .flatMap((m, i) => (m.role === 'assistant' && i > 0 ? [i] : []))
    .concat([transcript.messages.length]);
  let previous: MessageParam[] | undefined;
  let injected: Block | undefined;
  for (const end of calls) {
    const messages = transcript.messages.slice(0, end);
    // A chat door keeps what it sent: the turn that carried an injection comes back with it.
    const history =
      injected && previous
        ? messages.map((m, i) => (i === previous!.length - 2 ? withBlock(m, injected!) : m))
        : messages;
    const input: Transcript = { ...transcript, messages: history };
    const eventsBefore = a.counters().events;
    const renders = [a, b].map((g) => {
      g.sync(input);
      g.plan({ strict: false });
      return g.render();
    });
    const [request, twin] = renders as [ReturnType<Garden['render']>, ReturnType<Garden['render']>];
    const event = a.counters().events > eventsBefore;

    expect(JSON.stringify(twin)).toBe(JSON.stringify(request));
    expect(addedIssues(toRequest({ ...transcript, messages }), request)).toEqual([]);

    request.messages.forEach((message, i) => {
      const original = messages[i];
      if (!original || norm(stripMessage(message).message) === norm(original)) return;
      blocksOf(stripMessage(message).message).forEach((block, j) => {
        const source = blocksOf(original)[j];
        if (!source || JSON.stringify(source) === JSON.stringify(block)) return;
        const ids = idsIn(block);
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) {
          const entry = store.fetch(id);
          expect(entry).toBeDefined();
          expect(recoverableFrom(source)).toContain(entry!.original);
        }
      });
    });

    if (previous && !event) expect(firstChangedMessage(previous, request.messages)).toBe(-1);
    const output = transcript.messages[end];
    const last = request.messages[request.messages.length - 1];
    const tail = last && typeof last.content !== 'string' ? last.content[last.content.length - 1] : undefined;
    injected = tail?.type === 'text' && tail.text.startsWith(INJECT_BEGIN) ? tail : undefined;
    previous = output ? [...request.messages, output] : undefined;
  }
  a.settle();
  expect(recall(store, 'injected', { project: `p${run}`, session: 'a' }, { limit: 5 }).hits).toEqual([]);
  expect(JSON.stringify(a.pressure())).not.toContain(INJECT_BEGIN);
}

describe('engine properties over generated transcripts', () => {
  it(
    'renders valid, deterministic, recoverable, cache-stable requests, and never stores injected text',
    () => {
      fc.assert(
        fc.property(
          transcriptArb({ scale: 'small' }),
          fc.integer({ min: 200, max: 3_000 }),
          fc.constantFrom<InjectMode>('off', 'auto', 'full'),
          (transcript, budget, inject) => {
            replay(transcript, budget, inject);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'holds the same for formats whose tool output arrives as user text',
    () => {
      fc.assert(
        fc.property(
          textOnlyTranscriptArb(10, 'small'),
          fc.integer({ min: 200, max: 2_000 }),
          (transcript, budget) => {
            replay(transcript, budget, 'auto');
          },
        ),
        { numRuns: Math.ceil(RUNS / 3) },
      );
    },
    TIMEOUT_MS,
  );
});
