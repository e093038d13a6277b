/**
 * Issue 21's literal set, for benchmarks/store.ts: each session replayed through the engine at a
 * budget (the `gardener` strategy of `gardener bench`: same clock, same door settings), and at the
 * call that uses a needle whose block is not in the rendered context in full, what the model reads
 * of recall(later text) — without and with recall knowing what the context shows.
 */
import {
  emptyFactCounts,
  recallText,
  stubInstructionText,
  type FactCounts,
} from '../../src/doors/bench/facts.js';
import { splitCalls } from '../../src/doors/bench/calls.js';
import { contextTexts, keptInContext, recallQuery } from '../../src/doors/bench/fidelity.js';
import { createMeter } from '../../src/doors/bench/measure.js';
import { findNeedles, occursIn, type Needle } from '../../src/doors/bench/needles.js';
import { createGardenerStrategy } from '../../src/doors/bench/strategies/gardener.js';
import { toolResultTest } from '../../src/doors/bench/tool-results.js';
import type { RecallResult } from '../../src/core/store/types.js';
import type { Tokenizer } from '../../src/core/tokens/index.js';
import type { Transcript } from '../../src/core/transcript/types.js';

/** The window the replay reports against; the budget is what gardens. */
const WINDOW = 200_000;
const LIMIT = 5;

export interface ContextSession {
  file: string;
  heldOut: boolean;
  transcript: Transcript;
  items: ReadonlyArray<{ messageIndex: number; text: string; tokensOriginal: number }>;
}

export interface ContextCounts {
  /** Needles used at a call of a replayed session. */
  needles: number;
  /** Of those, in the rendered context at their use (no recall needed). */
  inContext: number;
  /** The rest: stub instruction, and recall output @1/@5 for recall as before (blind to the context). */
  blind: FactCounts;
  /** Recall output @1/@5 for recall that knows what the context shows in full. */
  knowing: FactCounts;
  /** The holder among the hits (entry level, knowing), @5. */
  holderAt5: number;
  /** Needles whose blind recall spent one of its five hits on an entry the context shows in full. */
  crowded: number;
  /** Needles the blind recall showed only in such an entry (the message asking, in context itself). */
  blindFromContext: number;
}

export interface ContextMiss {
  needle: string;
  /** What missed it: the knowing recall @5, the stub's first instruction, or both. */
  missed: string[];
  query: string;
  file: string;
  holderHead: string;
  holderChars: number;
  hits: Array<{ id: string; class: string; path?: string; score: number; holds: boolean; head: string }>;
  inContext: string[];
  output: string;
  /** Whether recall blind to the context showed it, and its hits. */
  blindAt5: boolean;
  blindHits: string[];
}

function emptyCounts(): ContextCounts {
  return {
    needles: 0,
    inContext: 0,
    blind: emptyFactCounts(),
    knowing: emptyFactCounts(),
    holderAt5: 0,
    crowded: 0,
    blindFromContext: 0,
  };
}

/** Replays every session at `budget`; counts by split, and the dev needles the knowing recall misses @5. */
export async function contextFacts(
  sessions: readonly ContextSession[],
  budget: number,
  tokenizer: Tokenizer,
): Promise<{ dev: ContextCounts; heldOut: ContextCounts; misses: ContextMiss[] }> {
  const strategy = createGardenerStrategy();
  const meter = createMeter(tokenizer);
  const counts = { dev: emptyCounts(), heldOut: emptyCounts() };
  const misses: ContextMiss[] = [];
  try {
    for (const session of sessions) {
      const { transcript } = session;
      const isToolResult = toolResultTest(transcript);
      const needles = findNeedles(transcript, { isToolResult });
      if (needles.length === 0) continue;
      const calls = splitCalls(transcript);
      const bench = { transcript, label: session.file, name: session.file, calls, isToolResult };
      const run = await strategy.start(bench, { window: WINDOW, maskKeep: 10, budget, meter });
      const split = session.heldOut ? counts.heldOut : counts.dev;
      const byCall = new Map<number, Needle[]>();
      for (const n of needles) byCall.set(n.usedAt, [...(byCall.get(n.usedAt) ?? []), n]);
      try {
        for (const call of calls) {
          const rendered = await run.context(call.index);
          const due = byCall.get(call.index);
          if (!due) continue;
          const texts = contextTexts(rendered.request);
          for (const needle of due) {
            split.needles++;
            if (keptInContext(texts, needle)) {
              split.inContext++;
              continue;
            }
            const query = recallQuery(needle);
            const holder = session.items.find(
              (i) => i.messageIndex === needle.messageIndex && occursIn(i.text, needle.text),
            );
            const stub = holder
              ? occursIn(stubInstructionText(holder.text, holder.tokensOriginal, query), needle.text)
              : false;
            const blind = run.recallResult!(query, { limit: LIMIT });
            const knowing = run.recallResult!(query, { limit: LIMIT, inContext: (id) => run.inContext!(id) });
            const blindAt5 = count(split.blind, stub, blind, needle.text);
            const seen = blind.hits.filter((h) => run.inContext!(h.id));
            if (seen.length > 0) split.crowded++;
            const unseen = { ...blind, hits: blind.hits.filter((h) => !run.inContext!(h.id)) };
            if (blindAt5 && !occursIn(recallText(unseen, LIMIT), needle.text)) split.blindFromContext++;
            const found = count(split.knowing, stub, knowing, needle.text);
            const holds = (original: string) => occursIn(original, needle.text);
            const originals = run.recallResult!(query, {
              limit: LIMIT,
              inContext: (id) => run.inContext!(id),
              full: true,
              maxTokens: Number.MAX_SAFE_INTEGER,
            });
            if (originals.hits.some((h) => holds(h.text))) split.holderAt5++;
            if ((!found || !stub) && !session.heldOut)
              misses.push({
                needle: needle.text,
                missed: [...(found ? [] : ['recall @5']), ...(stub ? [] : ["stub's instruction"])],
                query: query.slice(0, 600),
                file: session.file,
                holderHead: (holder?.text ?? '').slice(0, 200),
                holderChars: holder?.text.length ?? 0,
                hits: originals.hits.map((h) => ({
                  id: h.id,
                  class: h.class,
                  ...(h.sourcePath !== undefined ? { path: h.sourcePath } : {}),
                  score: h.score,
                  holds: holds(h.text),
                  head: h.text.slice(0, 160),
                })),
                inContext: knowing.inContext ?? [],
                output: recallText(knowing, LIMIT),
                blindAt5,
                blindHits: blind.hits.map((h) => h.id),
              });
          }
        }
      } finally {
        run.close();
      }
    }
  } finally {
    strategy.close?.();
  }
  return { ...counts, misses };
}

/** Adds one needle's stub and recall-output outcome; whether the first five showed it. */
function count(into: FactCounts, stub: boolean, result: RecallResult, needle: string): boolean {
  into.n++;
  if (stub) into.stub++;
  if (occursIn(recallText(result, 1), needle)) into.at1++;
  const at5 = occursIn(recallText(result, LIMIT), needle);
  if (at5) into.at5++;
  return at5;
}
