import type { PressureReport } from '../../src/core/garden/plan/pressure.js';
import type { GardenEvent } from '../../src/core/garden/ledger/events.js';

/** A pressure report shaped like a busy session's: every class present, some blocks summarized or stubbed. */
export function pressureReport(overrides: Partial<PressureReport> = {}): PressureReport {
  const byClass: PressureReport['by_class'] = {
    prompt: row(6, 900, 900),
    error: row(2, 1_400, 600),
    code: row(9, 9_000, 3_100),
    prose: row(4, 2_000, 1_200),
    structured: row(3, 4_000, 1_000),
    log: row(7, 20_000, 2_600),
    pending: row(1, 300, 300),
    other: row(2, 200, 200),
  };
  const rendered = Object.values(byClass).reduce((a, r) => a + r.rendered, 0) + 2_000;
  return {
    budget: 16_000,
    rendered_tokens: rendered,
    calibrated_tokens: rendered,
    calibrated: false,
    pressure: Math.round((rendered / 16_000) * 1000) / 1000,
    high_water: 0.85,
    low_water: 0.6,
    entries_tracked: 30,
    total_original_tokens: 39_800,
    total_summary_tokens: 6_100,
    compression_ratio: 0.3,
    fixed_tokens: 2_000,
    protected_tokens: 3_500,
    by_class: byClass,
    by_form: {
      original: { count: 20, tokens: 7_400 },
      summary: { count: 11, tokens: 5_300 },
      stub: { count: 3, tokens: 200 },
    },
    events: 2,
    last_event: null,
    eviction_candidates: 8,
    cost_guard: { managed_cost: 0, unmanaged_cost: 0, cost_ratio: 1, profit_events: 'on' },
    counters: {
      events: 2,
      tokensSaved: 81_000,
      injectedTokens: 0,
      markersStripped: 0,
      mediaBytesDeduplicated: 0,
      stubsRecalled: 0,
      blocksIngested: 34,
      thinkingDropped: 0,
      thinkingRepaired: 0,
      renders: 12,
    },
    recommendation: 'context at 87% of the budget',
    ...overrides,
  };
}

export function gardenEvent(overrides: Partial<GardenEvent> = {}): GardenEvent {
  return {
    seq: 2,
    kind: 'pressure',
    at: Date.UTC(2026, 10, 25, 14, 52, 3),
    call: 12,
    changed: 9,
    tokensBefore: 15_200,
    tokensAfter: 9_800,
    firstMessage: 4,
    ...overrides,
  };
}

function row(count: number, orig: number, rendered: number) {
  return { count, orig, rendered, sum: rendered, ratio: Math.round((rendered / orig) * 1000) / 1000 };
}
