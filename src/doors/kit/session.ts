import { openGarden, openGardenWith } from '../../core/garden/index.js';
import type { CompressFn, Garden, GardenOptions } from '../../core/garden/index.js';
import type { PlanResult } from '../../core/garden/constants.js';
import type { BudgetFigures } from '../../core/garden/constants.js';
import type { PressureReport } from '../../core/garden/constants.js';
import type { GardenEvent } from '../../core/garden/constants.js';
import type { Scope } from '../../core/store/index.js';
import { toRequest, type MessagesRequest, type Transcript } from '../../core/transcript/index.js';
import { settleInSlices, type SettleReport } from './settle.js';

export interface SessionOptions extends Omit<GardenOptions, 'session'> {
  scope: Scope;
}

export interface NextOptions {
  /** Compact down to this many tokens now, without hysteresis (`gardener compress --budget`). */
  target?: number;
  /** Add recall injection to the newest user turn (default: as configured). */
  inject?: boolean;
  /** Throw BUDGET_IMPOSSIBLE when the request cannot fit (default false: reported in `impossible`). */
  strict?: boolean;
}

/** A gardened request and what gardening it did. */
export interface NextRequest {
  request: MessagesRequest;
  /** The compaction event this request carries, if any. */
  event: GardenEvent | undefined;
  plan: PlanResult;
  /** Pressure as rendered (blocks not classified yet count as `pending`); computed on first read. */
  readonly pressure: PressureReport;
  /** Set when even the protected content does not fit the budget (the request is still sent). */
  impossible: BudgetFigures | undefined;
  /** Wall time of sync + plan + render, in milliseconds. */
  ms: number;
}

/** What the fail-safe call returns: the gardened request, or the original one and why. */
export type NextOutcome =
  ({ gardened: true } & NextRequest) | { gardened: false; request: MessagesRequest; error: unknown };

/** One conversation as a door sees it: transcript in, gardened request out; the engine behind it. */
export interface DoorSession {
  readonly scope: Scope;
  /** The engine, for a door's tools: recall, fetch, forget, pin, note, pressure, observeUsage. */
  readonly garden: Garden;
  /** Sync → plan (unless `strict`, an impossible budget is reported, not thrown) → render. */
  next(transcript: Transcript, options?: NextOptions): NextRequest;
  /**
   * next(), fail-safe (docs/DESIGN.md invariant 8): when gardening throws, the original request (the
   * transcript as it came) and the error, never a half-rendered request.
   */
  nextOrOriginal(transcript: Transcript, options?: NextOptions): NextOutcome;
  /**
   * Stores pending blocks in slices off the event loop; concurrent calls share one run. While
   * `yieldTo` says true (a request waits for this thread), settling holds between blocks.
   */
  settleSoon(yieldTo?: () => boolean): Promise<SettleReport>;
  /** Settles in slices, then saves the state. */
  closeSoon(): Promise<void>;
  /** Settles and saves now (a one-shot command's end). */
  close(): void;
}

/** Opens the garden of one session: the only place a door's engine is opened. */
export function openSession(options: SessionOptions): DoorSession {
  const { scope, ...gardenOptions } = options;
  return sessionOver(openGarden({ ...gardenOptions, session: scope }), scope);
}

/**
 * openSession with the compressor named: the engine is opened without the real compressors, which
 * a door that stores only prompts (never compressed) need not load (the prompt hook).
 */
export function openSessionWith(options: SessionOptions & { compress: CompressFn }): DoorSession {
  const { scope, ...gardenOptions } = options;
  return sessionOver(openGardenWith({ ...gardenOptions, session: scope }), scope);
}

function sessionOver(garden: Garden, scope: Scope): DoorSession {
  let settling: Promise<SettleReport> | undefined;

  const next = (transcript: Transcript, nextOptions: NextOptions = {}): NextRequest => {
    const started = performance.now();
    garden.sync(transcript);
    const plan = garden.plan({
      strict: nextOptions.strict ?? false,
      ...(nextOptions.target !== undefined ? { target: nextOptions.target } : {}),
    });
    const request = garden.render(nextOptions.inject === undefined ? {} : { inject: nextOptions.inject });
    const ms = performance.now() - started;
    let pressure: PressureReport | undefined;
    return {
      request,
      event: plan.event,
      plan,
      // Computed when first read: a door that does not show it does not pay for it.
      get pressure() {
        return (pressure ??= garden.pressure({ settle: false }));
      },
      impossible: plan.impossible,
      ms,
    };
  };

  const session: DoorSession = {
    scope,
    garden,
    next,
    nextOrOriginal(transcript, nextOptions) {
      try {
        return { gardened: true, ...next(transcript, nextOptions) };
      } catch (error) {
        return { gardened: false, request: toRequest(transcript), error };
      }
    },
    settleSoon(yieldTo) {
      settling ??= settleInSlices(garden, undefined, yieldTo).finally(() => {
        settling = undefined;
      });
      return settling;
    },
    async closeSoon() {
      await session.settleSoon();
      garden.close();
    },
    close: () => garden.close(),
  };
  return session;
}
