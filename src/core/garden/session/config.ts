import { GardenerError } from '../../../errors.js';
import { TTL_5M_MS } from '../../cache/constants.js';
import {
  DEFAULT_HIGH_WATER,
  DEFAULT_INJECT_MAX_TOKENS,
  DEFAULT_KEEP_LAST_TURNS,
  DEFAULT_LOW_WATER,
  DEFAULT_MIN_SAVING_TOKENS,
  DEFAULT_PROFIT_FACTOR,
  DEFAULT_WINDOW_MAX_SHARE,
  INJECT_MODES,
  PREFIX_CHECK_SETTINGS,
  type InjectMode,
  type PrefixCheckSetting,
} from './defaults.js';
import { TOOL_WORDS, type RetrievalWords } from './words.js';

/** Engine settings as a door passes them: all optional. */
export interface GardenSettings {
  highWater?: number;
  lowWater?: number;
  keepLastTurns?: number;
  windowMaxShare?: number;
  cacheTtlMs?: number;
  inject?: InjectMode;
  injectMaxTokens?: number;
  minSavingTokens?: number;
  /** Expected calls left in the session; default: as many as were made so far, within [4, 40]. */
  horizonCalls?: number;
  /** Events below the high-water mark when they pay for their cache rewrite. Default true. */
  profitEvents?: boolean;
  /** How much a profit event's value must exceed its cost (a multiple; DEFAULT_PROFIT_FACTOR). */
  profitFactor?: number;
  /** Keep forms, pins and counters in the store's session state (sticky across restarts). Default true. */
  persist?: boolean;
  /**
   * An event's forms are saved by the next save() (or settle(), close()) instead of at once: a door
   * that calls save() once its request went out keeps the store's write off the request path.
   * Default false.
   */
  saveLater?: boolean;
  /**
   * A one-shot door (`gardener compress`): sync takes the transcript's messages (its array is left
   * empty) and an original is dropped from memory once the store holds it exactly, read back from
   * the store when a step needs it. Default false: a door that syncs again keeps everything.
   */
  oneShot?: boolean;
  /** Clock (ms since the epoch); injectable for tests. */
  now?: () => number;
  /** How summaries and stubs name the way back to an original (default: the `fetch`/`recall` tools). */
  retrieval?: RetrievalWords;
  /**
   * Whether the API checks a thinking block's prefix (preserved thinking, DESIGN "Preserved
   * thinking"): `auto` (default) for the models that run the check, `off` for an account created
   * before 2026-08-31, where failing blocks are let through: nothing then binds what gardener changes.
   */
  prefixCheck?: PrefixCheckSetting;
}

/** Resolved engine settings. */
export interface GardenConfig {
  highWater: number;
  lowWater: number;
  keepLastTurns: number;
  windowMaxShare: number;
  cacheTtlMs: number;
  inject: InjectMode;
  injectMaxTokens: number;
  minSavingTokens: number;
  horizonCalls: number | undefined;
  profitEvents: boolean;
  profitFactor: number;
  persist: boolean;
  saveLater: boolean;
  oneShot: boolean;
  now: () => number;
  retrieval: RetrievalWords;
  prefixCheck: PrefixCheckSetting;
}

/** Fills defaults and checks ranges; a bad value is a USAGE error naming the setting. */
export function resolveGardenConfig(settings: GardenSettings = {}): GardenConfig {
  const config: GardenConfig = {
    highWater: settings.highWater ?? DEFAULT_HIGH_WATER,
    lowWater: settings.lowWater ?? DEFAULT_LOW_WATER,
    keepLastTurns: settings.keepLastTurns ?? DEFAULT_KEEP_LAST_TURNS,
    windowMaxShare: settings.windowMaxShare ?? DEFAULT_WINDOW_MAX_SHARE,
    // The prompt cache lives this long after its last use (core/cache).
    cacheTtlMs: settings.cacheTtlMs ?? TTL_5M_MS,
    inject: settings.inject ?? 'auto',
    injectMaxTokens: settings.injectMaxTokens ?? DEFAULT_INJECT_MAX_TOKENS,
    minSavingTokens: settings.minSavingTokens ?? DEFAULT_MIN_SAVING_TOKENS,
    horizonCalls: settings.horizonCalls,
    profitEvents: settings.profitEvents ?? true,
    profitFactor: settings.profitFactor ?? DEFAULT_PROFIT_FACTOR,
    persist: settings.persist ?? true,
    saveLater: settings.saveLater ?? false,
    oneShot: settings.oneShot ?? false,
    now: settings.now ?? Date.now,
    retrieval: settings.retrieval ?? TOOL_WORDS,
    prefixCheck: settings.prefixCheck ?? 'auto',
  };
  const share = (name: string, value: number) => {
    if (!(Number.isFinite(value) && value > 0 && value <= 1)) bad(name, value, 'a share in (0, 1]');
  };
  share('highWater', config.highWater);
  share('lowWater', config.lowWater);
  share('windowMaxShare', config.windowMaxShare);
  if (config.lowWater > config.highWater)
    bad('lowWater', config.lowWater, `at most highWater (${config.highWater})`);
  nonNegativeInteger('keepLastTurns', config.keepLastTurns);
  nonNegativeInteger('cacheTtlMs', config.cacheTtlMs);
  nonNegativeInteger('injectMaxTokens', config.injectMaxTokens);
  nonNegativeInteger('minSavingTokens', config.minSavingTokens);
  if (config.horizonCalls !== undefined) nonNegativeInteger('horizonCalls', config.horizonCalls);
  if (typeof config.profitEvents !== 'boolean') bad('profitEvents', config.profitEvents, 'true or false');
  if (!(Number.isFinite(config.profitFactor) && config.profitFactor > 0))
    bad('profitFactor', config.profitFactor, 'a positive number');
  if (!INJECT_MODES.includes(config.inject)) bad('inject', config.inject, INJECT_MODES.join(' | '));
  if (!PREFIX_CHECK_SETTINGS.includes(config.prefixCheck))
    bad('prefixCheck', config.prefixCheck, PREFIX_CHECK_SETTINGS.join(' | '));
  return config;
}

/** Checks a budget: a positive whole number of tokens. */
export function checkBudget(budget: number): number {
  if (!(Number.isInteger(budget) && budget > 0)) bad('budget', budget, 'a positive whole number of tokens');
  return budget;
}

function nonNegativeInteger(name: string, value: number): void {
  if (!(Number.isInteger(value) && value >= 0)) bad(name, value, 'a whole number ≥ 0');
}

function bad(name: string, value: unknown, expected: string): never {
  throw new GardenerError(
    'USAGE',
    `garden setting ${name} = ${JSON.stringify(value)} is invalid: expected ${expected}`,
  );
}
