import { requestUnits } from '../../core/cache/index.js';
import {
  createPromptCache,
  type CacheUnit,
  type CacheUsage,
  type PromptCacheOptions,
} from '../../core/cache/index.js';
import type { Tokenizer } from '../../core/tokens/index.js';
import type { Block, MessageParam } from '../../core/transcript/index.js';
import type { RecordedUsage, UsageCall } from './usage-calls.js';

/** One call: what the model predicts beside what the API billed. */
export interface CallFit {
  recorded: RecordedUsage;
  predicted: CacheUsage;
}

/** A session replayed through the cache model. */
export interface SessionFit {
  /** Fitted size of what the log does not record (tools, system prompt, context), in API tokens. */
  head: number;
  /** The part of the head that stays cached across sessions (tools and system prompt). */
  system: number;
  /** Fitted API tokens per cl100k token of the messages the log has no output count for. */
  ratio: number;
  /** Calls at which the unrecorded head was inferred to have changed. */
  headChanges: number;
  calls: CallFit[];
}

export interface FitOptions {
  /**
   * The tools and system prompt stay cached whatever this session does (Claude Code's other
   * sessions share them), when its first call found them so: the size calls read when they read
   * no message is kept warm.
   */
  warmHead?: boolean;
  /**
   * A call that read less than the head found it changed (the log records neither the system
   * prompt nor the context Claude Code puts in the first message, and Claude Code rewrites them,
   * e.g. at a new date): from there the head is new — the system prompt too when the read fell short of it.
   */
  inferHeadChanges?: boolean;
  /** Options of the simulated cache (to measure how much a rule matters, e.g. the lookback). */
  cache?: PromptCacheOptions;
}

/** Tokens a read may fall short of the system prompt before it counts as a changed head. */
const HEAD_SLACK = 64;
const MARK = { type: 'ephemeral' } as const;

/**
 * Replays the calls of one Claude Code session through the core cache model (prompt-cache.ts) the
 * way Claude Code sends them: the head (tools and system, marked; then the unrecorded context of
 * the first message) and the messages, the last block marked. Assistant messages sent as produced
 * count their recorded output tokens; the rest is cl100k × ratio, with head and ratio fitted to the
 * recorded per-call totals by least squares.
 */
export function fitSession(
  calls: readonly UsageCall[],
  tokenizer: Tokenizer,
  options: FitOptions = {},
): SessionFit {
  const perMessage = calls.map((call) =>
    marked(call.messages).map((message) => requestUnits({ messages: [message] }, tokenizer)),
  );
  const counted = calls.map((call, i) =>
    (perMessage[i] as CacheUnit[][]).reduce(
      (total, units, j) => total + (call.sizes[j] === undefined ? tokensOf(units) : 0),
      0,
    ),
  );
  const rest = calls.map(
    (call) =>
      call.usage.uncached +
      call.usage.read +
      call.usage.written -
      call.sizes.reduce<number>((total, size) => total + (size ?? 0), 0),
  );
  const { head, ratio } = fitLine(counted, rest);
  const system = stableHead(calls, head);
  const warm = options.warmHead === true && (calls[0]?.usage.read ?? 0) > 0;
  const cache = createPromptCache(options.cache);
  let version = 0;
  let context = 0;
  let changes = 0;
  const fitted: CallFit[] = calls.map((call, i) => {
    if (options.inferHeadChanges && i > 0 && call.usage.read < head - HEAD_SLACK) {
      changes += 1;
      if (call.usage.read < system - HEAD_SLACK) version += 1;
      else context += 1;
    }
    const headUnits: CacheUnit[] = [{ key: `\u0000system ${version}`, tokens: system, breakpoint: '5m' }];
    if (warm) cache.request(headUnits, call.at);
    if (head > system) headUnits.push({ key: `\u0000context ${version} ${context}`, tokens: head - system });
    const units = (perMessage[i] as CacheUnit[][]).flatMap((list, j) => sized(list, call.sizes[j], ratio));
    return { recorded: call.usage, predicted: cache.request([...headUnits, ...units], call.at) };
  });
  return { head, system, ratio, headChanges: changes, calls: fitted };
}

/** The system prompt's size as the session's calls read it when they read no message: their median. */
function stableHead(calls: readonly UsageCall[], head: number): number {
  const reads = calls
    .map((call) => call.usage.read)
    .filter((read) => read > 0 && read < head - HEAD_SLACK)
    .sort((a, b) => a - b);
  return Math.min(head, reads[Math.floor(reads.length / 2)] ?? head);
}

function tokensOf(units: readonly CacheUnit[]): number {
  return units.reduce((total, unit) => total + unit.tokens, 0);
}

/** A message's units scaled to its known size, else by the ratio. */
function sized(units: readonly CacheUnit[], size: number | undefined, ratio: number): CacheUnit[] {
  const counted = tokensOf(units);
  const scale = size !== undefined && counted > 0 ? size / counted : ratio;
  return units.map((unit) => ({ ...unit, tokens: Math.round(unit.tokens * scale) }));
}

/** The request's messages with Claude Code's breakpoint on the last block, thinking counted as text. */
function marked(messages: readonly MessageParam[]): MessageParam[] {
  return messages.map((message, i) => {
    const blocks = (message.content as Block[]).map((block): Block =>
      block.type === 'thinking' ? { type: 'text', text: block.thinking } : block,
    );
    if (i === messages.length - 1)
      blocks[blocks.length - 1] = { ...blocks.at(-1), cache_control: MARK } as Block;
    return { ...message, content: blocks } as MessageParam;
  });
}

/** Least squares y = head + ratio·x with head ≥ 0 (a flat x gives ratio 1). */
export function fitLine(x: readonly number[], y: readonly number[]): { head: number; ratio: number } {
  const n = x.length;
  if (n === 0) return { head: 0, ratio: 1 };
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my);
    sxx += ((x[i] as number) - mx) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : 1;
  const ratio = slope > 0 ? slope : 1;
  const head = Math.round(my - ratio * mx);
  if (head >= 0) return { head, ratio };
  return { head: 0, ratio: mx > 0 ? my / mx : 1 };
}
