import type { Ledger } from '../ledger/ledger.js';
import type { View } from '../view/view.js';

/**
 * The leading messages that went out in an earlier request: those the last render held, and every
 * message up to the newest assistant one (its reply came to a request that held all before it, even
 * one an earlier process sent). A block in them was sent; one after them is chosen a form freely.
 */
export function sentMessages(view: View, ledger: Pick<Ledger, 'lastRender'>): number {
  let lastAssistant = -1;
  for (let m = view.messages.length - 1; m >= 0; m--)
    if (view.messages[m]?.role === 'assistant') {
      lastAssistant = m;
      break;
    }
  return Math.min(view.messages.length, Math.max(ledger.lastRender?.messages ?? 0, lastAssistant + 1));
}
