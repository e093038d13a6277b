import type { MessageParam } from '../transcript/types.js';
import type { Measured, Meter } from './measure.js';
import type { RenderedCall } from './types.js';

/** Anthropic price ratios, in input-token units: cache read, cache write (5-minute TTL). */
export const CACHE_READ = 0.1;
export const CACHE_WRITE = 1.25;
/** A summary call reads the context (cached) and writes the summary at the output price. */
export const SUMMARY_READ = 0.1;
export const SUMMARY_WRITE = 5;

/** The measured figures of one call. */
export interface CallFigures {
  /** Tokens of the rendered context. */
  context: number;
  /** Tokens of the leading units byte-identical to the previous call's rendered context plus its output. */
  prefix: number;
  /** Cache-aware cost, summary call included. */
  cost: number;
  events: number;
  summaryRead: number;
  summaryWritten: number;
  ms?: number;
}

/** Cost of one call from its context and cached prefix, plus its summary call if any. */
export function callCost(
  context: number,
  prefix: number,
  summary?: { read: number; written: number },
): number {
  const base = CACHE_READ * prefix + CACHE_WRITE * (context - prefix);
  return summary ? base + SUMMARY_READ * summary.read + SUMMARY_WRITE * summary.written : base;
}

/**
 * Measures calls in order (BENCH.md § Figures). The rendered units are the request head (system
 * prompt and tools, as one unit that comes first in the cache order) then each message; the prefix
 * is the longest run of leading units identical to the previous call's units followed by its output.
 */
export function createCostMeter(meter: Meter): {
  next(rendered: RenderedCall, output: MessageParam | undefined): CallFigures;
} {
  let previous: Measured[] = [];
  return {
    next(rendered, output) {
      const fixed = rendered.fixedTokens;
      const units: Measured[] = [meter.head(rendered.request)];
      for (const message of rendered.request.messages) units.push(meter.message(message, fixed));
      let context = 0;
      for (const unit of units) context += unit.tokens;
      let prefix = 0;
      for (let index = 0; index < units.length && index < previous.length; index++) {
        const unit = units[index] as Measured;
        if (unit.key !== (previous[index] as Measured).key) break;
        prefix += unit.tokens;
      }
      previous = output ? [...units, meter.message(output)] : units;
      const figures: CallFigures = {
        context,
        prefix,
        cost: callCost(context, prefix, rendered.summary),
        events: rendered.events,
        summaryRead: rendered.summary?.read ?? 0,
        summaryWritten: rendered.summary?.written ?? 0,
      };
      if (rendered.ms !== undefined) figures.ms = rendered.ms;
      return figures;
    },
  };
}
