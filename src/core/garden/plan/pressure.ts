import {
  FORCED_SHARE,
  guardReport,
  profitEventsStopped,
  REGRET_TOLERANCE,
  type GuardReport,
  type RegretGuard,
} from '../plan/regret-guard.js';
import type { Step } from '../plan/planner.js';
import {
  FORMS,
  type BreakdownClass,
  type ClassBreakdown,
  type Form,
  type GardenCounters,
  type GardenEvent,
} from '../types.js';
import { slotTokens, type View } from './view.js';
import { breakdownClass } from './view-index.js';
import { classesInOrder } from './pressure-tally.js';
import { compact, count, integer } from '../../format/index.js';
import type { StoreStats } from '../../store/index.js';

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

/** Builds the report; the one-line recommendation says what gardener will or can do next. */
export function pressureReport(input: PressureInput): PressureReport {
  // Sums kept by the view's index as slots change (pressure-tally.ts): no scan of every slot.
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

/**
 * The same figures from what the store holds of a session, for a door with no live garden (the
 * plugin's hooks store blocks as they happen; `gardener stats` reads them): no budget, no forms.
 */
export type StoredPressure = Pick<
  PressureReport,
  | 'entries_tracked'
  | 'total_original_tokens'
  | 'total_summary_tokens'
  | 'compression_ratio'
  | 'eviction_candidates'
  | 'recommendation'
> & { by_class: Record<string, Omit<PressureReport['by_class'][string], 'rendered'>> };

/** Builds the stored report; the recommendation names the class whose summaries would save the most. */
export function storedPressure(stats: StoreStats): StoredPressure {
  const byClass: StoredPressure['by_class'] = {};
  let best: { cls: string; count: number; orig: number; sum: number } | undefined;
  for (const [cls, c] of Object.entries(stats.byClass)) {
    if (!c) continue;
    const row = { count: c.count, orig: c.tokensOriginal, sum: c.tokensSummary };
    byClass[cls] = { ...row, ratio: ratio(row.sum, row.orig) };
    if (cls !== 'prompt' && row.orig - row.sum > 0 && (!best || row.orig - row.sum > best.orig - best.sum))
      best = { cls, ...row };
  }
  const recommendation = best
    ? `${count(best.count, `${best.cls} entry`, `${best.cls} entries`)} consuming ${compact(best.orig)} tokens could be compressed to ${compact(best.sum)}`
    : 'nothing to compress: no entry has a summary smaller than its original';
  return {
    entries_tracked: stats.entries,
    total_original_tokens: stats.tokensOriginal,
    total_summary_tokens: stats.tokensSummary,
    compression_ratio: stats.tokensOriginal === 0 ? 0 : ratio(stats.tokensSummary, stats.tokensOriginal),
    by_class: byClass,
    eviction_candidates: stats.evictionCandidates ?? 0,
    recommendation,
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

function ratio(a: number, b: number): number {
  return b === 0 ? 1 : round(a / b);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
