import type { Slot } from '../view/slot.js';
import type { View } from '../view/view.js';

/**
 * What a change to a sent block costs in thinking (DESIGN "Preserved thinking"): every thinking block
 * kept after it is left out for good (the API would fail it otherwise). The planner prices a cut by
 * the tokens of thinking after it (planner.ts).
 */
export interface ThinkingDrops {
  /** Messages sent before: a change in one of them leaves out the kept thinking after it. */
  sent: number;
  /** Tokens of the kept thinking blocks in messages [from, to). */
  tokens(from: number, to: number): number;
  /** Cuts before this message are not allowed: a tool loop's latest thinking must stay (`enabled`). */
  earliest: number;
  /** Loss per thinking token left out (cost-model.ts RETHINK_LOSS_PER_TOKEN). */
  lossPerToken: number;
}

/** Whether a slot is a thinking block still sent. */
export function keptThinking(slot: Slot): boolean {
  return (
    slot.kind === 'fixed' &&
    !slot.dropped &&
    (slot.block.type === 'thinking' || slot.block.type === 'redacted_thinking')
  );
}

/** Tokens of the thinking kept in messages before `message`. */
export function keptThinkingBefore(view: View, message: number): number {
  let tokens = 0;
  for (let m = 0; m < Math.min(message, view.messages.length); m++)
    for (const slot of view.messages[m]?.slots ?? [])
      if (keptThinking(slot)) tokens += slot.tokens.original ?? 0;
  return tokens;
}

/** The drops of a bound view: thinking tokens by message, summed from the end as the planner asks. */
export function thinkingDrops(view: View, sent: number, lossPerToken: number): ThinkingDrops {
  const byMessage: number[] = view.messages.map((entry) =>
    entry.role !== 'assistant'
      ? 0
      : entry.slots.reduce((sum, slot) => sum + (keptThinking(slot) ? (slot.tokens.original ?? 0) : 0), 0),
  );
  const suffix = new Array<number>(byMessage.length + 1).fill(0);
  for (let m = byMessage.length - 1; m >= 0; m--)
    suffix[m] = (suffix[m + 1] as number) + (byMessage[m] as number);
  const at = (m: number) => suffix[Math.max(0, Math.min(m, byMessage.length))] as number;
  return {
    sent,
    tokens: (from, to) => Math.max(0, at(from) - at(to)),
    earliest: view.thinking.enabled ? latestToolLoopThinking(view) : 0,
    lossPerToken,
  };
}

/**
 * With `enabled` thinking, the assistant message of the tool loop under way must keep its thinking:
 * the first message no change may precede (0 when there is no such message).
 */
function latestToolLoopThinking(view: View): number {
  for (let m = view.messages.length - 1; m >= 0; m--) {
    const entry = view.messages[m];
    if (entry?.role !== 'assistant') continue;
    const loops = entry.slots.some((s) => s.block.type === 'tool_use');
    return loops && entry.slots.some(keptThinking) ? m : 0;
  }
  return 0;
}
