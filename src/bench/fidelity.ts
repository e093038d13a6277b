import { contentBlocks, toolResultText } from '../transcript/blocks.js';
import type { MessagesRequest } from '../transcript/types.js';
import { occursIn, usedText, type Needle } from './needles.js';
import type { StrategyRun } from './types.js';

/** BENCH.md: a needle is kept via recall when one of the top 5 hits holds it. */
export const RECALL_LIMIT = 5;

export interface Fidelity {
  needles: number;
  /** Needles found in the rendered context of the call that used them. */
  inContext: number;
  /** Needles found in context, or in the originals of recall(q, limit 5). */
  withRecall: number;
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

/** The recall query for a needle: the text that used it, with the needle taken out. */
export function recallQuery(needle: Needle): string {
  return needle.usedText.split(needle.text).join('').trim();
}

/**
 * Tracks fidelity over one strategy's replay of a session. At the call that used a needle, it is
 * kept in context when it occurs in the rendered context (a user text that used it excluded: it is
 * part of that context itself).
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
  const fidelity: Fidelity = { needles: needles.length, inContext: 0, withRecall: 0 };
  return {
    check(call, request, run) {
      const due = byCall.get(call);
      if (!due) return;
      const texts = contextTexts(request);
      for (const needle of due) {
        const own = needle.usedRole === 'user' ? needle.usedText : undefined;
        if (texts.some((text) => text !== own && occursIn(text, needle.text))) {
          fidelity.inContext += 1;
          fidelity.withRecall += 1;
          continue;
        }
        if (!run.recall) continue;
        const originals = run.recall(recallQuery(needle), RECALL_LIMIT);
        if (originals.some((original) => occursIn(original, needle.text))) fidelity.withRecall += 1;
      }
    },
    result: () => ({ ...fidelity }),
  };
}
