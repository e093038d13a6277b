import { createHash } from 'node:crypto';
import {
  DEFAULT_CACHE_MODEL,
  createPromptCache,
  endMarks,
  usageCost,
  type CacheModel,
  type CacheUnit,
  type PromptCacheOptions,
} from '../../core/cache/index.js';
import { MESSAGE_OVERHEAD } from '../../core/tokens/index.js';
import type { Block, MessageParam } from '../../core/transcript/index.js';
import type { Measured, Meter } from './measure.js';
import type { RenderedCall } from './types.js';

/** A summary call writes the summary at the output price (it reads the context from the cache). */
export const SUMMARY_WRITE = 5;
/**
 * Time between two calls when the recording has none (docs/BENCH.md): a tool round trip, well inside the
 * cache's 5 minutes, so no entry expires between calls of a replay.
 */
export const CALL_GAP_MS = 30_000;

/** The measured figures of one call. */
export interface CallFigures {
  /** Tokens of the rendered context. */
  context: number;
  /** Tokens read from the prompt cache (the model's read prefix). */
  prefix: number;
  /** Tokens written to the prompt cache. */
  written: number;
  /** Cache-aware cost, summary call included. */
  cost: number;
  events: number;
  summaryRead: number;
  summaryWritten: number;
  ms?: number;
}

export interface CostMeterOptions {
  /** gardener's own breakpoint at the compaction frontier (the proxy's), beside the client's. */
  frontier?: boolean;
  /** Options of the simulated cache (tests lower the minimum cacheable length). */
  cache?: PromptCacheOptions;
  /** The model the calls go to: its prices and shortest cacheable prefix (default: today's). */
  model?: CacheModel;
}

/**
 * Measures calls in order (docs/BENCH.md § Figures) through the core's prompt cache model
 * (src/core/cache/prompt-cache.ts). The request is sent as Claude Code sends it through the proxy: the
 * head (system prompt and tools, one unit) marked, the last block of the last message marked, and
 * with `frontier` gardener's breakpoint at the compaction frontier. Calls are CALL_GAP_MS apart.
 */
export function createCostMeter(
  meter: Meter,
  options: CostMeterOptions = {},
): {
  next(rendered: RenderedCall, output: MessageParam | undefined): CallFigures;
} {
  const model = options.model ?? DEFAULT_CACHE_MODEL;
  const cache = createPromptCache({ model, ...options.cache });
  const perMessage = new WeakMap<MessageParam, CacheUnit[]>();
  let at = 0;
  const unitsOf = (message: MessageParam, fixed: ReadonlyMap<MessageParam, number> | undefined) => {
    let units = perMessage.get(message);
    if (!units) {
      units = messageUnits(meter, message, fixed);
      perMessage.set(message, units);
    }
    return units;
  };
  return {
    next(rendered) {
      const { messages } = rendered.request;
      const head: Measured = meter.head(rendered.request);
      const marks = rendered.marks ?? endMarks(messages, options.frontier === true);
      const units: CacheUnit[] =
        head.tokens > 0 ? [{ key: head.key, tokens: head.tokens, breakpoint: '5m' }] : [];
      messages.forEach((message, i) => {
        const own = unitsOf(message, rendered.fixedTokens);
        const marked = new Set(
          marks.filter((mark) => mark.message === i).map((mark) => Math.min(mark.block, own.length - 1)),
        );
        own.forEach((unit, j) => units.push(marked.has(j) ? { ...unit, breakpoint: '5m' } : unit));
      });
      const usage = cache.request(units, at);
      at += CALL_GAP_MS;
      const context = units.reduce((total, unit) => total + unit.tokens, 0);
      const summary = rendered.summary;
      const figures: CallFigures = {
        context,
        prefix: usage.read,
        written: usage.written5m + usage.written1h,
        cost:
          usageCost(usage, model) +
          (summary ? model.read * summary.read + SUMMARY_WRITE * summary.written : 0),
        events: rendered.events,
        summaryRead: summary?.read ?? 0,
        summaryWritten: summary?.written ?? 0,
      };
      if (rendered.ms !== undefined) figures.ms = rendered.ms;
      return figures;
    },
  };
}

/**
 * A message as cache units, one per block (the first carries the role and the message overhead),
 * summing to the meter's count. A string content is the one text block the API reads it as, so a
 * message keeps its key when a strategy renders it as blocks (gardener, appending the turn's
 * injection) and the next call sends it as a string again. A message whose size a strategy fixed
 * is one unit of that size.
 */
function messageUnits(
  meter: Meter,
  message: MessageParam,
  fixed: ReadonlyMap<MessageParam, number> | undefined,
): CacheUnit[] {
  const measured = meter.message(message, fixed);
  if (fixed?.has(message)) return [{ key: `${message.role}\u0000${measured.key}`, tokens: measured.tokens }];
  if (typeof message.content === 'string') {
    const block: Block = { type: 'text', text: message.content };
    return [{ key: `${message.role}\u0000${sha1(JSON.stringify(block))}`, tokens: measured.tokens }];
  }
  const blocks = message.content as Block[];
  if (blocks.length === 0) return [{ key: message.role, tokens: measured.tokens }];
  return blocks.map((block, j) => ({
    key: j === 0 ? `${message.role}\u0000${sha1(JSON.stringify(block))}` : sha1(JSON.stringify(block)),
    tokens: meter.block(block) + (j === 0 ? MESSAGE_OVERHEAD : 0),
  }));
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}
