import type { AgentEvent, CostSoFar, ProviderUsage } from '../../agent/events.js';
import type { PressureReport } from '../../../../core/garden/constants.js';
import type { GardenEvent } from '../../../../core/garden/constants.js';

/** What the footer shows: the last pressure report, usage summed over the session, cost, last event. */
export interface FooterState {
  pressure: PressureReport | null;
  /** Provider calls started so far. */
  calls: number;
  usage: ProviderUsage;
  cost: CostSoFar;
  lastCompaction: { event: GardenEvent; reason: string } | null;
}

export function initialFooter(pressure: PressureReport | null, cost: CostSoFar): FooterState {
  return {
    pressure,
    calls: pressure?.counters.renders ?? 0,
    usage: { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 },
    cost,
    lastCompaction: pressure?.last_event ? { event: pressure.last_event, reason: 'earlier' } : null,
  };
}

/**
 * Folds the events that touch the footer; any other event returns the same object, so a memoized
 * footer does not re-render while text streams.
 */
export function footerReducer(state: FooterState, event: AgentEvent): FooterState {
  switch (event.type) {
    case 'request':
      return { ...state, calls: Math.max(state.calls, event.call), pressure: event.pressure };
    case 'pressure': {
      // A command (/compact, /forget, /pin…) may have run an event: the footer shows it at once.
      const last = event.pressure.last_event;
      const newer = last && (!state.lastCompaction || last.seq > state.lastCompaction.event.seq);
      return {
        ...state,
        pressure: event.pressure,
        ...(newer ? { lastCompaction: { event: last, reason: last.kind } } : {}),
      };
    }
    case 'usage':
      return {
        ...state,
        usage: {
          input: state.usage.input + event.usage.input,
          cacheRead: state.usage.cacheRead + event.usage.cacheRead,
          cacheWrite: state.usage.cacheWrite + event.usage.cacheWrite,
          output: state.usage.output + event.usage.output,
        },
        cost: event.cost,
      };
    case 'compaction':
      return { ...state, lastCompaction: { event: event.event, reason: event.reason } };
    default:
      return state;
  }
}

/** Cache read ÷ all input tokens (uncached + cache read + cache write); null before any usage. */
export function cacheHitRate(usage: ProviderUsage): number | null {
  const total = usage.input + usage.cacheRead + usage.cacheWrite;
  return total === 0 ? null : usage.cacheRead / total;
}

/** The share of the unmanaged cost that gardening saved; null while nothing was spent. */
export function costSaving(cost: CostSoFar): number | null {
  return cost.unmanagedUsd <= 0 ? null : 1 - cost.usd / cost.unmanagedUsd;
}
