/**
 * What the prompt cache and the price of a call depend on, per model (Anthropic's pricing and
 * prompt-caching pages): read and write price ratios, the shortest cacheable prefix, the context
 * window, list prices and how the model treats thinking. Pure data: this module imports nothing.
 */

/** Price ratios of the prompt cache, in input-token units. */
export interface CachePrices {
  /** A token read from the cache (cache hits and refreshes). */
  read: number;
  /** A token written with the default 5-minute TTL. */
  write5m: number;
  /** A token written with `ttl: "1h"`. */
  write1h: number;
}

/** Lifetime of a cache entry written with the default TTL, refreshed on every read. */
export const TTL_5M_MS = 5 * 60_000;
/** Lifetime of an entry written with `ttl: "1h"`. */
export const TTL_1H_MS = 60 * 60_000;

/** One model as the cache model prices and bounds it. */
export interface CacheModel extends CachePrices {
  /** The id this row is for, after normalising (`''`: an id the table does not know). */
  id: string;
  /** Shortest prefix the API caches: shorter prefixes are billed as plain input. */
  minTokens: number;
  /** Lifetimes of the two kinds of entries, in ms. */
  ttl5mMs: number;
  ttl1hMs: number;
  /** Context window in tokens. */
  window: number;
  /** US dollars per million input and output tokens, when known. */
  dollars: { input: number; output: number } | undefined;
  /** A thinking block sent back is bound to everything before it (the prefix check). */
  preservedThinking: boolean;
  /**
   * Where the API enforces that check when a request does not choose: on every account, or on
   * accounts created on or after 2026-08-31 (older ones let failing blocks through); `none` without it.
   */
  prefixCheck: 'every-account' | 'new-accounts' | 'none';
  /** Thinking of earlier turns stays in the prompt (older models drop it at each new prompt). */
  keepsThinking: boolean;
  /** Thinking is adaptive: the model decides per call, the request does not switch it per turn. */
  adaptiveThinking: boolean;
}

/** Largest window of any model, and what the `context-1m` beta or a `[1m]` id asks for. */
export const LONG_WINDOW = 1_000_000;
/** Window of a model that does not have the long one of its own. */
export const STANDARD_WINDOW = 200_000;

const BASE: Omit<CacheModel, 'id' | 'dollars'> = {
  read: 0.1,
  write5m: 1.25,
  write1h: 2,
  minTokens: 1_024,
  ttl5mMs: TTL_5M_MS,
  ttl1hMs: TTL_1H_MS,
  window: STANDARD_WINDOW,
  preservedThinking: false,
  prefixCheck: 'none',
  keepsThinking: false,
  adaptiveThinking: false,
};

/** The 5.x generation: 512-token prefixes, a 1M window, thinking kept and adaptive. */
const FIFTH = { minTokens: 512, window: LONG_WINDOW, keepsThinking: true, adaptiveThinking: true };
/** Models whose thinking is bound to its prefix: the check enforced on accounts created since 2026-08-31. */
const BOUND = { ...FIFTH, preservedThinking: true, prefixCheck: 'new-accounts' as const };
/** The same, enforced on every account. */
const BOUND_EVERYWHERE = { ...BOUND, prefixCheck: 'every-account' as const };
/** The 4.6+ generation: thinking kept and adaptive. */
const ADAPTIVE = { keepsThinking: true, adaptiveThinking: true };

type Row = Partial<CacheModel> & { dollars: { input: number; output: number } };
const usd = (input: number, output: number) => ({ input, output });

/** Known ids, dates and vendor prefixes stripped (normalise). */
const ROWS: Readonly<Record<string, Row>> = {
  'claude-fable-5-2': { ...BOUND_EVERYWHERE, read: 0.025, dollars: usd(8, 40) },
  'claude-mythos-5-2': { ...BOUND_EVERYWHERE, read: 0.025, dollars: usd(8, 40) },
  'claude-fable-5-1': { ...BOUND, read: 0.025, dollars: usd(10, 50) },
  // The sources disagree: the 5.1 pages say Mythos 5.1 runs no check, the 5.2 page that it errors
  // everywhere. Taken as Fable 5.1, its twin.
  'claude-mythos-5-1': { ...BOUND, read: 0.025, dollars: usd(10, 50) },
  'claude-fable-5': { ...FIFTH, dollars: usd(10, 50) },
  'claude-mythos-5': { ...FIFTH, dollars: usd(10, 50) },
  'claude-opus-5-5': { ...BOUND, read: 0.05, dollars: usd(4, 20) },
  'claude-sonnet-5-5': { ...BOUND, read: 0.05, dollars: usd(2, 10) },
  'claude-haiku-5-5': { ...BOUND, dollars: usd(0.1, 0.5) },
  'claude-opus-5': { ...FIFTH, dollars: usd(5, 25) },
  'claude-sonnet-5': { ...FIFTH, minTokens: 1_024, dollars: usd(2, 10) },
  'claude-opus-4-8': { ...ADAPTIVE, dollars: usd(5, 25) },
  'claude-opus-4-7': { ...ADAPTIVE, minTokens: 2_048, dollars: usd(5, 25) },
  'claude-opus-4-6': { ...ADAPTIVE, minTokens: 4_096, dollars: usd(5, 25) },
  'claude-opus-4-5': { keepsThinking: true, minTokens: 4_096, dollars: usd(5, 25) },
  'claude-opus-4-1': { dollars: usd(15, 75) },
  'claude-opus-4-0': { dollars: usd(15, 75) },
  'claude-opus-4': { dollars: usd(15, 75) },
  'claude-sonnet-4-6': { ...ADAPTIVE, dollars: usd(3, 15) },
  'claude-sonnet-4-5': { dollars: usd(3, 15) },
  'claude-sonnet-4': { dollars: usd(3, 15) },
  'claude-haiku-4-5': { minTokens: 4_096, dollars: usd(1, 5) },
  'claude-3-7-sonnet': { dollars: usd(3, 15) },
  'claude-3-5-sonnet': { dollars: usd(3, 15) },
  'claude-3-opus': { dollars: usd(15, 75) },
  'claude-3-5-haiku': { minTokens: 2_048, dollars: usd(0.8, 4) },
  'claude-3-haiku': { minTokens: 2_048, dollars: usd(0.25, 1.25) },
};

/** List prices of an id the table does not know, by family: that family's current price. */
const FAMILY_DOLLARS: ReadonlyArray<[RegExp, { input: number; output: number }]> = [
  [/opus/, usd(5, 25)],
  [/sonnet/, usd(3, 15)],
  [/haiku/, usd(1, 5)],
];

/**
 * A model id as the table keys it: lower case, without a vendor or region prefix
 * (`anthropic.`, `global.anthropic.`, `anthropic/`), a `[1m]` suffix, a Vertex `@date`, a Bedrock
 * `-v1:0`, a `-latest` alias or a release date (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`).
 */
export function normaliseModelId(model: string): string {
  let id = model.trim().toLowerCase();
  const at = id.indexOf('claude-');
  if (at > 0) id = id.slice(at);
  return id
    .replace(/\[1m\]$/, '')
    .replace(/@.*$/, '')
    .replace(/-v\d+(?::\d+)?$/, '')
    .replace(/-latest$/, '')
    .replace(/-\d{8}$/, '');
}

const known = new Map<string, CacheModel>();

/** The cache model of a model id; an unknown or missing id gets today's defaults. */
export function cacheModel(model?: string): CacheModel {
  const id = normaliseModelId(model ?? '');
  let found = known.get(id);
  if (!found) {
    const row = ROWS[id];
    found = row
      ? { ...BASE, ...row, id }
      : { ...BASE, id: '', dollars: FAMILY_DOLLARS.find(([family]) => family.test(id))?.[1] };
    known.set(id, found);
  }
  return found;
}

/** The cache model of an id the table does not know: what every figure used before models differed. */
export const DEFAULT_CACHE_MODEL: CacheModel = cacheModel();

/**
 * The window a request may fill: the model's, or the long one when the id says `[1m]` or the
 * client asked for it with a `context-1m` beta.
 */
export function contextWindow(model: string | undefined, betas?: string | readonly string[]): number {
  const asked = (typeof betas === 'string' ? betas : (betas ?? []).join(',')).toLowerCase();
  if (asked.includes('context-1m') || /\[1m\]$/i.test(model ?? '')) return LONG_WINDOW;
  return cacheModel(model).window;
}
