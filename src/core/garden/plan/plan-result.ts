import { calibrate } from '../ledger/calibration.js';
import type { GardenEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Session } from '../session/session.js';
import { estimate } from '../view/figures.js';
import type { View } from '../view/view.js';
import { budgetError, budgetFigures, type BudgetFigures } from './budget-check.js';
import type { WorkingWindow } from './window.js';

export interface PlanOptions {
  /** Compact down to this many tokens now, without hysteresis (the `gardener compress --budget` path). */
  target?: number;
  /** Throw BUDGET_IMPOSSIBLE when the request cannot fit (default); false reports it in the result. */
  strict?: boolean;
}

export interface PlanResult {
  /** The event this plan made, if any. */
  event: GardenEvent | undefined;
  /** Estimated tokens of the request as it will render (before injection). */
  tokens: number;
  /** The same, calibrated on the provider's last count. */
  calibratedTokens: number;
  budget: number;
  /** The prompt cache was cold (idle longer than its TTL, or never used). */
  cold: boolean;
  /** Set (with strict: false) when the request cannot fit the budget. */
  impossible?: BudgetFigures;
}

/** What a plan reports once its events are applied; throws BUDGET_IMPOSSIBLE when the request cannot fit (unless `strict: false`). */
export function planResult(
  view: View,
  session: Session,
  ledger: Pick<Ledger, 'anchor' | 'pinned'>,
  outcome: {
    event: GardenEvent | undefined;
    cold: boolean;
    window: WorkingWindow;
    limit: number;
    strict?: boolean;
  },
): PlanResult {
  const tokens = estimate(view);
  const after = calibrate(tokens, ledger.anchor);
  const result: PlanResult = {
    event: outcome.event,
    tokens,
    calibratedTokens: after,
    budget: session.budget,
    cold: outcome.cold,
  };
  if (after > outcome.limit) {
    const figures = budgetFigures(view, view.fixedTokens, outcome.limit, outcome.window, ledger.pinned);
    if (outcome.strict !== false) throw budgetError(figures, session.config.keepLastTurns, outcome.limit);
    result.impossible = figures;
  }
  return result;
}
