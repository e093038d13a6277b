/**
 * The engine's default settings (config.ts resolves a door's settings over them). Named constants
 * with no imports: a short process reads them through the light face (constants.ts).
 */

/** Recall injection modes: off, the cheap layer only, recall when the turn has signal, always. */
export type InjectMode = 'off' | 'cheap' | 'auto' | 'full';

export const INJECT_MODES: readonly InjectMode[] = ['off', 'cheap', 'auto', 'full'];

/**
 * How the engine treats the API's prefix check on thinking blocks (GardenSettings.prefixCheck):
 * `auto` for the models that run it, `off` for an account created before 2026-08-31 (failing blocks
 * are let through there).
 */
export type PrefixCheckSetting = 'auto' | 'off';
export const PREFIX_CHECK_SETTINGS: readonly PrefixCheckSetting[] = ['auto', 'off'];

/**
 * Start an event above this share of the budget. Chosen with DEFAULT_LOW_WATER side by side on the
 * recorded sessions (`gardener bench --window 32000`; docs/BENCH.md § Provenance of tuned constants):
 * deeper events are rarer per token saved.
 */
export const DEFAULT_HIGH_WATER = 0.6;
/**
 * An event compacts down to this share of the budget: a little more cost for more needles kept in
 * context (docs/BENCH.md § Provenance of tuned constants).
 */
export const DEFAULT_LOW_WATER = 0.32;
/**
 * Assistant turns (each with the user message after it) kept verbatim at the end. 2 rather than 4:
 * cheaper at the same needles in context, since the turns before are still summarised, not stubbed,
 * while they matter (docs/BENCH.md § Provenance of tuned constants).
 */
export const DEFAULT_KEEP_LAST_TURNS = 2;

/**
 * Turns a proxied conversation keeps verbatim at its end: the newest tool result is read in full, and
 * an older one is shortened when pressure asks for it, at the call after the model saw it, when
 * the cache rewrite that costs is smallest (only the newest turn follows it). 1 rather than the
 * engine's 2, measured with the real Claude Code (benchmarks/claude-code-long.ts): the same needles
 * answered, each one in context or by its stub's command (docs/BENCH.md § Provenance of tuned constants).
 */
export const PROXY_KEEP_LAST_TURNS = 1;

/** The working window gives up its oldest turns while it holds more than this share of the budget. */
export const DEFAULT_WINDOW_MAX_SHARE = 0.5;
/** Hard cap on injected recall context. */
export const DEFAULT_INJECT_MAX_TOKENS = 1_500;
/** A change must save at least this many tokens to be worth a block's fidelity. */
export const DEFAULT_MIN_SAVING_TOKENS = 64;

/**
 * A profit event (below the high-water mark) runs when the value of what it saves over the calls to
 * come exceeds this multiple of its cost (cache rewrite + expected loss), plus in full the reasoning
 * it leaves out where thinking is bound (planner.ts selectProfitable); docs/BENCH.md § Provenance of
 * tuned constants.
 */
export const DEFAULT_PROFIT_FACTOR = 0.8;

/**
 * A block the client owns once sent (the Claude Code plugin decides its form at its first send only,
 * plan/first-send.ts) goes out whole below this many tokens: about a screenful, cheaper to carry for
 * the rest of a session at cached-read prices (24 calls × 0.1 × 2,000 = 4.8k input-token units) than
 * one recall round trip of a model that needed what a summary left out.
 */
export const FIRST_SEND_MIN_TOKENS = 2_000;
/** A first-send summary must keep at most this share of the original's tokens to be worth its loss. */
export const FIRST_SEND_MAX_SHARE = 0.5;
