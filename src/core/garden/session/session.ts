import { classify as defaultClassify } from '../../classify/index.js';
import type { ClassifyHints, ContentClass } from '../../classify/index.js';
import type { CompressContext, Summary } from '../../compress/index.js';
import type { Scope, Store } from '../../store/index.js';
import { defaultTokenizer } from '../../tokens/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import { checkBudget, resolveGardenConfig, type GardenConfig, type GardenSettings } from './config.js';

export type ClassifyFn = (text: string, hints: ClassifyHints) => ContentClass;

export type CompressFn = (cls: ContentClass, text: string, context: CompressContext) => Summary;

/**
 * What a garden is opened with: the store it keeps originals in, the scope it works in, how it
 * counts, classifies and compresses, its resolved settings and its budget. Only the budget changes
 * (Garden.setBudget).
 */
export interface Session {
  readonly store: Store;
  /** Project and session the garden works in (docs/DESIGN.md invariant 7). */
  readonly scope: Scope;
  readonly tokenizer: Tokenizer;
  readonly config: GardenConfig;
  readonly classify: ClassifyFn;
  readonly compress: CompressFn;
  /** Tokens the rendered request must stay under. */
  budget: number;
}

/** What a garden is opened with, as a door passes it (openGarden). */
export interface GardenOptions {
  store: Store;
  /** Project and session the garden works in (docs/DESIGN.md invariant 7). */
  session: Scope;
  /** Tokens the rendered request must stay under. */
  budget: number;
  tokenizer?: Tokenizer;
  config?: GardenSettings;
  /** Classifier and compressor; the real ones by default (tests may pass their own). */
  classify?: ClassifyFn;
  compress?: CompressFn;
}

/** Resolves the settings and fills the defaults (the real tokenizer and classifier); checks the budget. */
export function createSession(options: GardenOptions & { compress: CompressFn }): Session {
  const config = resolveGardenConfig(options.config);
  return {
    store: options.store,
    scope: options.session,
    tokenizer: options.tokenizer ?? defaultTokenizer(),
    config,
    classify: options.classify ?? defaultClassify,
    compress: options.compress,
    budget: checkBudget(options.budget),
  };
}
