import { count, integer } from '../../format/index.js';
import { calibrate } from '../ledger/calibration.js';
import type { GardenCounters } from '../ledger/counters.js';
import type { GardenEvent } from '../ledger/events.js';
import type { Ledger } from '../ledger/ledger.js';
import {
  FORCED_SHARE,
  guardReport,
  profitEventsStopped,
  REGRET_TOLERANCE,
  type GuardReport,
  type RegretGuard,
} from '../ledger/regret-guard.js';
import type { Session } from '../session/session.js';
import { estimate, originalEstimate } from '../view/figures.js';
import { classesInOrder } from '../view/pressure-tally.js';
import { FORMS, type BreakdownClass, type ClassBreakdown, type Form } from '../view/slot.js';
import { breakdownClass } from '../view/view-index.js';
import { slotTokens, type View } from '../view/view.js';
import { budgetFigures } from './budget-check.js';
import type { Step } from './planner.js';
import { eligibleSteps, stepContext } from './steps.js';
import { workingWindow } from './window.js';

/**
 * The plan's `context_pressure()` JSON and more. Keys are snake_case:
 * this object is what the MCP tool returns as is.
 */
export interface PressureReport {
  budget: number;
  /** Estimated tokens of the request as rendered now (before any injection). */
  rendered_tokens: number;
  /** rendered_tokens anchored on the provider's last `usage.input_tokens`, when one was reported. */
  calibrated_tokens: number;
  calibrated: boolean;
  /** calibrated_tokens / budget. */
  pressure: number;
  high_water: number;
  low_water: number;
  entries_tracked: number;
  /** Tokens the request would have with every block in its original form. */
  total_original_tokens: number;
  /** Σ of the summaries of tracked entries (the plan's figure). */
  total_summary_tokens: number;
  /** rendered / original. */
  compression_ratio: number;
  /** System prompt and tool definitions. */
  fixed_tokens: number;
  /** Content that may not be shortened: system, tools, prompts, working window, pinned, thinking. */
  protected_tokens: number;
  /**
   * Every block of the messages by class (BreakdownClass: stored ones by content class, plus media,
   * pass-through `other` and not yet classified `pending`): blocks, original and rendered tokens.
   */
  by_class: Record<string, { count: number; orig: number; rendered: number; sum: number; ratio: number }>;
  by_form: Record<Form, { count: number; tokens: number }>;
  events: number;
  last_event: GardenEvent | null;
  /** Blocks an event could shorten now. */
  eviction_candidates: number;
  counters: GardenCounters;
  /** Modelled cost with gardener against unmanaged, and whether the regret guard stopped profit events. */
  cost_guard: GuardReport;
  recommendation: string;
}

export interface PressureInput {
  view: View;
  budget: number;
  highWater: number;
  lowWater: number;
  fixedTokens: number;
  renderedTokens: number;
  calibratedTokens: number;
  calibrated: boolean;
  originalTokens: number;
  protectedTokens: number;
  candidates: readonly Step[];
  counters: GardenCounters;
  guard: RegretGuard;
  lastEvent: GardenEvent | undefined;
}

/** The report of a garden now: the view's figures, the ledger's counters and guard, the steps it could take. */
export function pressureOf(view: View, session: Session, ledger: Ledger): PressureReport {
  const window = workingWindow(view, session);
  const tokens = estimate(view);
  const figures = budgetFigures(view, view.fixedTokens, session.budget, window, ledger.pinned);
  return pressureReport({
    view,
    budget: session.budget,
    highWater: session.config.highWater,
    lowWater: session.config.lowWater,
    fixedTokens: view.fixedTokens,
    renderedTokens: tokens,
    calibratedTokens: calibrate(tokens, ledger.anchor),
    calibrated: ledger.anchor !== undefined,
    originalTokens: originalEstimate(view),
    protectedTokens: figures.protected,
    candidates: eligibleSteps(view, stepContext(view, ledger, session, window)),
    counters: ledger.counters,
    guard: ledger.guard,
    lastEvent: ledger.saved.events[ledger.saved.events.length - 1],
  });
}

/** Builds the report; the one-line recommendation says what gardener will or can do next. */
export function pressureReport(input: PressureInput): PressureReport {
  // Sums kept by the view's index as slots change (view/pressure-tally.ts): no scan of every slot.
  const tally = input.view.index.pressure;
  const byForm = Object.fromEntries(
    FORMS.map((f) => [f, { ...tally.byForm[f] }]),
  ) as PressureReport['by_form'];
  const byClass: PressureReport['by_class'] = {};
  for (const [cls, row] of classesInOrder(tally))
    byClass[cls] = { ...row, ratio: ratio(row.rendered, row.orig) };
  const entries = tally.entries;
  const summaries = tally.summaries;
  const pressure = input.calibratedTokens / input.budget;
  return {
    budget: input.budget,
    rendered_tokens: input.renderedTokens,
    calibrated_tokens: input.calibratedTokens,
    calibrated: input.calibrated,
    pressure: round(pressure),
    high_water: input.highWater,
    low_water: input.lowWater,
    entries_tracked: entries,
    total_original_tokens: input.originalTokens,
    total_summary_tokens: summaries,
    compression_ratio: ratio(input.renderedTokens, input.originalTokens),
    fixed_tokens: input.fixedTokens,
    protected_tokens: input.protectedTokens,
    by_class: byClass,
    by_form: byForm,
    events: input.counters.events,
    last_event: input.lastEvent ?? null,
    eviction_candidates: new Set(input.candidates.map((s) => s.key)).size,
    counters: { ...input.counters },
    cost_guard: guardReport(input.guard),
    recommendation: recommend(input, pressure),
  };
}

/** Blocks and tokens by class, before and after (for `gardener compress`'s table). */
export function classBreakdown(view: View): Partial<Record<BreakdownClass, ClassBreakdown>> {
  const rows: Partial<Record<BreakdownClass, ClassBreakdown>> = {};
  for (const slot of view.all) {
    const row = (rows[breakdownClass(slot)] ??= {
      blocks: 0,
      tokensBefore: 0,
      tokensAfter: 0,
      summaries: 0,
      stubs: 0,
    });
    row.blocks++;
    row.tokensBefore += slotTokens(slot, 'original');
    row.tokensAfter += slotTokens(slot);
    if (slot.form === 'summary') row.summaries++;
    if (slot.form === 'stub') row.stubs++;
  }
  return rows;
}

function recommend(input: PressureInput, pressure: number): string {
  const percent = `${Math.round(pressure * 100)}%`;
  if (input.protectedTokens > input.budget) {
    return `protected content alone is ${integer(input.protectedTokens)} tokens, over the budget of ${integer(input.budget)}: raise the budget or keep fewer turns verbatim`;
  }
  const savable = new Map<string, { keys: Set<string>; saved: number }>();
  for (const step of input.candidates) {
    const slot = input.view.byKey.get(step.key);
    if (!slot) continue;
    const cls = breakdownClass(slot);
    const row = savable.get(cls) ?? { keys: new Set<string>(), saved: 0 };
    row.keys.add(step.key);
    row.saved += step.saved;
    savable.set(cls, row);
  }
  const best = [...savable.entries()].sort((a, b) => b[1].saved - a[1].saved)[0];
  if (pressure > input.highWater) {
    if (!best)
      return `context at ${percent} of the budget and nothing left to shorten: raise the budget or forget blocks`;
    const down = `${Math.round(input.lowWater * 100)}%`;
    if (input.guard.calls > 0 && pressure <= FORCED_SHARE)
      return `context at ${percent} of the budget, above the high-water mark: compacts down to ${down} once the rewrite keeps this session within ${Math.round(REGRET_TOLERANCE * 100)}% of unmanaged (now ${guardReport(input.guard).cost_ratio}×), at ${Math.round(FORCED_SHARE * 100)}% at the latest`;
    return `context at ${percent} of the budget, above the high-water mark: the next plan() compacts down to ${down}`;
  }
  if (profitEventsStopped(input.guard))
    return `context at ${percent} of the budget; events that would only save stopped: this session costs ${guardReport(input.guard).cost_ratio}× unmanaged, so only the high-water mark compacts`;
  if (best && best[1].saved > 0) {
    return `context at ${percent} of the budget; ${count(best[1].keys.size, `${best[0]} block`)} could save ${integer(best[1].saved)} tokens, at the high-water mark or sooner where that pays for the cache rewrite`;
  }
  return `context at ${percent} of the budget; nothing to do`;
}

/** a / b to three decimals (1 when b is 0). */
export function ratio(a: number, b: number): number {
  return b === 0 ? 1 : round(a / b);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
