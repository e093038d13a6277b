import type { Ledger } from '../ledger/ledger.js';
import { observeCosts } from '../ledger/regret-guard.js';
import { saveLedger } from '../ledger/save-state.js';
import type { Session } from '../session/session.js';
import { estimate, originalEstimate } from '../view/figures.js';
import { uncount, type View } from '../view/view.js';
import { messageIdentity } from './sync.js';

/** What comes back from a door after a render: the provider's count, the modelled costs; and the render itself. */

/** The provider's `usage.input_tokens` for the last rendered request: the anchor calibration scales by. */
export function observeUsage(view: View, ledger: Ledger, inputTokens: number): void {
  if (!(Number.isFinite(inputTokens) && inputTokens > 0)) return;
  const estimated = ledger.lastRender?.tokens ?? estimate(view);
  if (estimated > 0) ledger.anchor = { estimated, actual: inputTokens };
}

/** One call's modelled costs, with gardener and unmanaged, for the regret guard. */
export function observeCost(ledger: Ledger, costs: { managed: number; unmanaged: number }): void {
  observeCosts(ledger.guard, costs, ledger.counters.events);
}

/** What a render counts (its tokens before injection, and the injection's) and records as the last render. */
export function recordRender(
  view: View,
  session: Session,
  ledger: Ledger,
  rendered: { tokens: number; injected: number; kept?: { message: number; text: string; tokens: number } },
): void {
  if (rendered.kept) {
    keepInjection(view, ledger, rendered.kept);
    saveLedger(session, ledger, view);
  }
  const { counters } = ledger;
  const { tokens, injected } = rendered;
  counters.renders++;
  counters.tokensSaved += Math.max(0, originalEstimate(view) - tokens);
  counters.injectedTokens += injected;
  ledger.lastRender = {
    at: session.config.now(),
    messages: view.messages.length,
    tokens: tokens + injected,
  };
}

/**
 * An injection sent where thinking is bound to what was sent: it stays in its message from now on
 * (leaving it out later would change what a thinking block was produced after), and a restart finds
 * it in the ledger.
 */
function keepInjection(
  view: View,
  ledger: Ledger,
  kept: { message: number; text: string; tokens: number },
): void {
  const entry = view.messages[kept.message];
  if (!entry) return;
  entry.injection = { text: kept.text, tokens: kept.tokens };
  ledger.thinking.injections.set(messageIdentity(entry, kept.message), kept.text);
  uncount(view, kept.message);
}
