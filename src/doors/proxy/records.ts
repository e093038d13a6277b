import type { GardenEvent } from '../../core/garden/constants.js';
import type { ModelledBills } from '../../core/cache/index.js';
import type { Usage } from './usage.js';

/**
 * Where a request's time went before the upstream had its body, wall milliseconds: reading the
 * body; waiting for the garden thread (behind other work, and the way there); parsing it; taking the
 * breakpoints off and matching the previous request; the engine (sync, plan, render); the cache
 * model's pricing; serialising the request; the way back to the proxy's thread; sending it upstream.
 */
export type RequestPhases = Partial<
  Record<'read' | 'queue' | 'parse' | 'match' | 'engine' | 'pricing' | 'bytes' | 'back' | 'send', number>
>;

/** What the proxy did with one request: the dashboard, the JSON log and `gardener run`'s summary read it. */
export interface RequestRecord {
  /** Milliseconds since the epoch when the request arrived. */
  at: number;
  kind: 'messages' | 'count_tokens' | 'other' | 'refused';
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  /** Status the client got (0 when the client left before an answer). */
  status: number;
  /** Wall time until the answer was complete, in milliseconds. */
  ms: number;
  /** The store's session name of the conversation, when the body had one. */
  session?: string;
  clientSession?: string;
  project?: string;
  model?: string;
  /** The request went out gardened (false: passed through as it came; see `failOpen`). */
  gardened: boolean;
  /** Why gardening was skipped or failed: the original body was sent. */
  failOpen?: string;
  /** Time spent gardening (sync, plan, render), in milliseconds. */
  gardenMs?: number;
  /**
   * CPU time of the same, in milliseconds (wall time also counts waiting for a busy machine); in
   * the garden thread, the whole process's CPU over that time (Node 20 has no per-thread figure).
   */
  gardenCpuMs?: number;
  phases?: RequestPhases;
  /** Estimated tokens of the request as the client sent it, and as sent upstream. */
  rawTokens?: number;
  sentTokens?: number;
  budget?: number;
  event?: Pick<GardenEvent, 'kind' | 'changed' | 'tokensBefore' | 'tokensAfter'>;
  /** Even the protected content (system, tools, what the user typed, the working window) is over the budget. */
  overBudget?: boolean;
  /** The session's modelled cost so far with gardener and unmanaged; `stopped`: the regret guard stopped profit events. */
  costGuard?: { managed: number; unmanaged: number; stopped: boolean };
  /** Tokens by class (`fixed`: system and tools) and by form as sent (the pressure bar). */
  byClass?: Record<string, number>;
  byForm?: Record<string, number>;
  usage?: Usage;
  /**
   * The cache model's bill (src/core/cache/prompt-cache.ts) of this answered request as the client sent
   * it and as it went out: the unmanaged cost is what was paid plus their difference.
   */
  modelled?: ModelledBills;
  /** The request as the client sent it is over the model's window: unmanaged, it could not have been sent. */
  rawOverWindow?: boolean;
  /** The client disconnected before the answer was complete; the upstream request was aborted. */
  aborted?: boolean;
}
