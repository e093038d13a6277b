import { bindProduced, checkRequest, thinkingKey } from '../../binding/index.js';
import type { MessagesRequest } from '../../transcript/index.js';
import type { Ledger } from '../ledger/ledger.js';
import { keptThinking } from '../plan/thinking-drops.js';
import { renderMessages } from '../render/render.js';
import type { Slot } from '../view/slot.js';
import { slotChanged, type View } from '../view/view.js';

/**
 * The thinking blocks of a bound view (preserved thinking, DESIGN): bound as the API bound them, left
 * out for good where a change before them would fail the prefix check, and checked before a request
 * goes out.
 */

type Json = Record<string, unknown>;

/**
 * Binds the thinking blocks the view holds that the ledger does not know yet, as the API bound them
 * when it produced them: to the messages before theirs as gardener sent them (a sync changes no
 * form, so they render now as they went out), and to the thinking kept before them. A block an
 * earlier process or the client produced is bound the same way: to what gardener renders now.
 */
export function bindNewThinking(view: View, ledger: Pick<Ledger, 'thinking'>, from: number): void {
  const { bindings, memo } = ledger.thinking;
  const head = requestHead(view);
  let rendered: ReturnType<typeof renderMessages> | undefined;
  for (let m = from; m < view.messages.length; m++) {
    const entry = view.messages[m];
    if (entry?.role !== 'assistant') continue;
    const unbound = entry.slots.some((slot) => keptThinking(slot) && !bindings.blocks.has(keyOf(slot)));
    if (!unbound) continue;
    rendered ??= renderMessages(view);
    const reply = rendered[m]?.content;
    if (!Array.isArray(reply)) continue;
    bindProduced({ ...head, messages: rendered.slice(0, m) }, reply, bindings, { memo });
  }
}

/**
 * Checks a request about to go out against the bindings: a thinking block that would fail the API's
 * prefix check (bound to something changed since, or kept after one left out) is left out for good,
 * with every kept thinking block after it. Returns how many were left out (0: the request is valid).
 */
export function leaveOutFailing(
  view: View,
  ledger: Pick<Ledger, 'thinking' | 'counters'>,
  request: MessagesRequest,
): number {
  const check = checkRequest(request, ledger.thinking.bindings, ledger.thinking.memo);
  if (check.failures.length === 0) return 0;
  const failing = new Set<string>();
  for (const failure of check.failures) {
    const [, m, , b] = failure.path.split('.');
    const message = request.messages[Number(m)];
    const block = Array.isArray(message?.content) ? message.content[Number(b)] : undefined;
    if (block) failing.add(thinkingKey(block as unknown as Json));
  }
  let left = 0;
  for (const entry of view.messages)
    for (const slot of entry.slots)
      if (keptThinking(slot) && failing.has(keyOf(slot))) {
        leaveOut(view, ledger, slot);
        left++;
      }
  ledger.counters.thinkingRepaired += left;
  return left;
}

/**
 * A change to a sent block at (message, index): every thinking block kept after it is left out for
 * good (a trailing run: the API accepts that; one put back or left out of the middle fails).
 */
export function leaveOutAfter(
  view: View,
  ledger: Pick<Ledger, 'thinking' | 'counters'>,
  at: { message: number; index: number },
): number {
  let left = 0;
  for (let m = at.message; m < view.messages.length; m++)
    for (const slot of view.messages[m]?.slots ?? [])
      if (keptThinking(slot) && (m > at.message || slot.index > at.index)) {
        leaveOut(view, ledger, slot);
        left++;
      }
  ledger.counters.thinkingDropped += left;
  return left;
}

/**
 * Thinking nothing binds (no prefix check): every thinking block kept in the messages before
 * `message` is left out for good. Returns the first message that changed.
 */
export function leaveOutBefore(
  view: View,
  ledger: Pick<Ledger, 'thinking' | 'counters'>,
  message: number,
): number {
  let first = message;
  for (let m = 0; m < Math.min(message, view.messages.length); m++)
    for (const slot of view.messages[m]?.slots ?? [])
      if (keptThinking(slot)) {
        leaveOut(view, ledger, slot);
        ledger.counters.thinkingDropped++;
        first = Math.min(first, m);
      }
  return first;
}

/** Every thinking block kept so far is left out for good (removing all of them is always valid). */
export function leaveOutAll(view: View, ledger: Pick<Ledger, 'thinking' | 'counters'>): number {
  return leaveOutAfter(view, ledger, { message: 0, index: -1 });
}

function leaveOut(view: View, ledger: Pick<Ledger, 'thinking'>, slot: Slot): void {
  slot.dropped = true;
  ledger.thinking.dropped.add(keyOf(slot));
  slotChanged(view, slot);
}

/** A thinking slot's identity for the prefix check (core/binding thinkingKey). */
function keyOf(slot: Slot): string {
  return (slot.thinkingKey ??= thinkingKey(slot.block as unknown as Json));
}

/** The request's system prompt and tools, around the messages (the transcript last synced). */
function requestHead(view: View): Json {
  const transcript = view.transcript;
  const head: Json = {};
  if (transcript?.system !== undefined) head['system'] = transcript.system;
  if (transcript?.tools !== undefined) head['tools'] = transcript.tools;
  return head;
}
