/**
 * The regret guard (docs/DESIGN.md invariant 4): a session never costs more with gardener than unmanaged.
 * A door that can price both sides under the core's cache model (the proxy: the request it sent and
 * the client's own) reports them call by call; once the session's modelled cost with gardener passes
 * the cost unmanaged by more than REGRET_TOLERANCE, profit events stop for the session. Pressure
 * events go on: the budget still has to hold.
 */

/** Share by which the modelled cost with gardener may exceed the cost unmanaged. */
export const REGRET_TOLERANCE = 0.01;
/**
 * Calls after an event before the guard judges: an event's rewrite is paid back by the smaller reads
 * of the calls after it, so right after one the session is briefly behind.
 */
export const REGRET_GRACE_CALLS = 4;
/**
 * Events a few calls apart keep the session in that state; past this many calls after its first
 * event the guard judges anyway, so investments that never pay back are still stopped.
 */
export const REGRET_LONGEST_PAYBACK_CALLS = 3 * REGRET_GRACE_CALLS;
/**
 * Above this share of the budget a pressure event is forced. Between the high-water mark and here it
 * waits while its rewrite would put the session over its unmanaged cost (affordableSpend), as a profit
 * event would: a session that ends before the budget is reached never pays for it (docs/BENCH.md
 * § Provenance of tuned constants).
 */
export const FORCED_SHARE = 0.85;

export interface RegretGuard {
  /** Σ modelled cost of the requests as sent, in input-token units. */
  managed: number;
  /** Σ modelled cost of the same requests unmanaged. */
  unmanaged: number;
  calls: number;
  /** Call count when the session's first event was seen. */
  firstEventCall: number | undefined;
  /** Call count when its latest event was seen, and the session's events then. */
  lastEventCall: number | undefined;
  events: number;
  /** Call count at which profit events stopped; undefined while they run. */
  stoppedAtCall: number | undefined;
}

export function createRegretGuard(): RegretGuard {
  return {
    managed: 0,
    unmanaged: 0,
    calls: 0,
    firstEventCall: undefined,
    lastEventCall: undefined,
    events: 0,
    stoppedAtCall: undefined,
  };
}

/** Adds one call's costs (`events`: the session's events so far) and stops profit events when due. */
export function observeCosts(
  guard: RegretGuard,
  costs: { managed: number; unmanaged: number },
  events: number,
): void {
  if (!(Number.isFinite(costs.managed) && Number.isFinite(costs.unmanaged))) return;
  guard.managed += Math.max(0, costs.managed);
  guard.unmanaged += Math.max(0, costs.unmanaged);
  guard.calls++;
  if (events > guard.events) {
    guard.firstEventCall ??= guard.calls;
    guard.lastEventCall = guard.calls;
    guard.events = events;
  }
  const judged =
    guard.firstEventCall !== undefined &&
    guard.lastEventCall !== undefined &&
    (guard.calls - guard.lastEventCall >= REGRET_GRACE_CALLS ||
      guard.calls - guard.firstEventCall >= REGRET_LONGEST_PAYBACK_CALLS);
  if (guard.stoppedAtCall === undefined && judged && guard.managed > (1 + REGRET_TOLERANCE) * guard.unmanaged)
    guard.stoppedAtCall = guard.calls;
}

/**
 * The most an event that is not forced may add to this call's bill (its rewrite, in input-token units)
 * so that the session stays within the tolerance even if it ended right after: what the session is
 * under its unmanaged cost plus the tolerance. Infinity when no door reports costs (nothing to judge by).
 */
export function affordableSpend(guard: RegretGuard): number {
  if (guard.calls === 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, (1 + REGRET_TOLERANCE) * guard.unmanaged - guard.managed);
}

export function profitEventsStopped(guard: RegretGuard): boolean {
  return guard.stoppedAtCall !== undefined;
}

/** The guard as the pressure report shows it (snake_case, like the rest of the report). */
export interface GuardReport {
  /** Σ modelled cost with gardener and unmanaged; 0 when no door reported costs. */
  managed_cost: number;
  unmanaged_cost: number;
  /** managed / unmanaged (1 when nothing was reported). */
  cost_ratio: number;
  profit_events: 'on' | 'stopped';
}

export function guardReport(guard: RegretGuard): GuardReport {
  return {
    managed_cost: Math.round(guard.managed),
    unmanaged_cost: Math.round(guard.unmanaged),
    cost_ratio: guard.unmanaged > 0 ? Math.round((guard.managed / guard.unmanaged) * 1000) / 1000 : 1,
    profit_events: profitEventsStopped(guard) ? 'stopped' : 'on',
  };
}
