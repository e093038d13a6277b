import { contentBlocks, toolResultText } from '../../core/transcript/index.js';
import type { MessagesRequest } from '../../core/transcript/index.js';
import { occursIn, usedText, type Needle } from './needles.js';
import type { StrategyRun } from './types.js';

/** docs/BENCH.md: a needle is kept via recall when one of the top 5 hits holds it. */
export const RECALL_LIMIT = 5;

export interface Fidelity {
  needles: number;
  /** Needles found in the rendered context of the call that used them. */
  inContext: number;
  /** Needles found in context, or in the originals of recall(q, limit 5). */
  withRecall: number;
  /**
   * Fact level (docs/BENCH.md "facts back"): needles in context, or in what the model reads from the
   * recall (its formatted output), with the first hit only and with all five.
   */
  factsShown1: number;
  factsShown5: number;
  /**
   * The way back's measure: needles that were out of context at the call that used them (their block
   * stubbed or dropped), and of those, the ones in what the model reads of the recall for the later
   * text, first hit / first five. Counted only for strategies with a recall.
   */
  outOfContext: number;
  outShown1: number;
  outShown5: number;
  /** Echo needles (the string was in the input of the tool call its result answers), counted apart. */
  echo: number;
  echoInContext: number;
  echoWithRecall: number;
}

/** A fidelity with nothing counted yet. */
export function emptyFidelity(): Fidelity {
  return {
    needles: 0,
    inContext: 0,
    withRecall: 0,
    factsShown1: 0,
    factsShown5: 0,
    outOfContext: 0,
    outShown1: 0,
    outShown5: 0,
    echo: 0,
    echoInContext: 0,
    echoWithRecall: 0,
  };
}

/** Sums fidelities (sessions aggregated). */
export function addFidelity(into: Fidelity, more: Fidelity): void {
  into.needles += more.needles;
  into.inContext += more.inContext;
  into.withRecall += more.withRecall;
  into.factsShown1 += more.factsShown1;
  into.factsShown5 += more.factsShown5;
  into.outOfContext += more.outOfContext;
  into.outShown1 += more.outShown1;
  into.outShown5 += more.outShown5;
  into.echo += more.echo;
  into.echoInContext += more.echoInContext;
  into.echoWithRecall += more.echoWithRecall;
}

/** The searchable texts of a rendered request: system, tools, and every block's text. */
export function contextTexts(request: MessagesRequest): string[] {
  const texts: string[] = [];
  if (typeof request.system === 'string') texts.push(request.system);
  else if (Array.isArray(request.system)) for (const block of request.system) texts.push(block.text);
  if (request.tools) texts.push(JSON.stringify(request.tools));
  for (const message of request.messages) {
    for (const block of contentBlocks(message)) {
      if (block.type === 'tool_result') texts.push(toolResultText(block.content));
      else if (block.type === 'text' || block.type === 'tool_use') texts.push(usedText(block));
    }
  }
  return texts;
}

/**
 * docs/BENCH.md: at the call that uses it, a needle is kept in context when the rendered context
 * holds it anywhere. A user text that used it is part of that context (a pasted log, a quoted file):
 * the model reads the needle there and needs no recall for it.
 */
export function keptInContext(texts: readonly string[], needle: Needle): boolean {
  return texts.some((text) => occursIn(text, needle.text));
}

/**
 * The recall query for a needle: the text that used it, with the needle taken out. When that leaves
 * nothing (a Read or Glob whose input is just the path), docs/BENCH.md falls back to the needle's tool
 * call: the name and arguments of the call whose result held it, minus the needle.
 */
export function recallQuery(needle: Needle): string {
  // Line breaks stay: the query parser reads `code spans` line by line.
  const without = (text: string) => text.split(needle.text).join('').trim();
  const query = without(needle.usedText);
  return query !== '' ? query : without(needle.origin);
}

/**
 * Tracks fidelity over one strategy's replay of a session. At the call that used a needle, it is
 * kept in context when it occurs in the rendered context (keptInContext).
 */
export function createFidelity(needles: readonly Needle[]): {
  check(call: number, request: MessagesRequest, run: StrategyRun): void;
  result(): Fidelity;
} {
  const byCall = new Map<number, Needle[]>();
  for (const needle of needles) {
    const list = byCall.get(needle.usedAt);
    if (list) list.push(needle);
    else byCall.set(needle.usedAt, [needle]);
  }
  const fidelity: Fidelity = { ...emptyFidelity(), needles: needles.length };
  fidelity.echo = needles.filter((n) => n.echo).length;
  const kept = (needle: Needle, withRecallOnly: boolean) => {
    if (!withRecallOnly) fidelity.inContext += 1;
    fidelity.withRecall += 1;
    if (!needle.echo) return;
    if (!withRecallOnly) fidelity.echoInContext += 1;
    fidelity.echoWithRecall += 1;
  };
  return {
    check(call, request, run) {
      const due = byCall.get(call);
      if (!due) return;
      const texts = contextTexts(request);
      for (const needle of due) {
        if (keptInContext(texts, needle)) {
          kept(needle, false);
          fidelity.factsShown1 += 1;
          fidelity.factsShown5 += 1;
          continue;
        }
        if (!run.recall) continue;
        const query = recallQuery(needle);
        const originals = run.recall(query, RECALL_LIMIT);
        if (originals.some((original) => occursIn(original, needle.text))) kept(needle, true);
        const shown = run.recallShown?.(query, RECALL_LIMIT);
        if (!shown) continue;
        const first = occursIn(shown.first, needle.text) ? 1 : 0;
        const five = occursIn(shown.all, needle.text) ? 1 : 0;
        fidelity.factsShown1 += first;
        fidelity.factsShown5 += five;
        fidelity.outOfContext += 1;
        fidelity.outShown1 += first;
        fidelity.outShown5 += five;
      }
    },
    result: () => ({ ...fidelity }),
  };
}
