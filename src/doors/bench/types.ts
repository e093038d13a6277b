import type { MessageParam, MessagesRequest, Transcript } from '../../core/transcript/index.js';
import type { RecallOptions, RecallResult } from '../../core/store/index.js';
import type { PrefixCheckSetting } from '../../core/garden/constants.js';
import type { Meter } from './measure.js';

/** The context strategies `gardener bench` compares (docs/BENCH.md). */
export type StrategyName = 'raw' | 'mask' | 'clear' | 'summary' | 'gardener' | 'oracle';

export const STRATEGY_NAMES: readonly StrategyName[] = [
  'raw',
  'mask',
  'clear',
  'summary',
  'gardener',
  'oracle',
];

/** One call: the point before an assistant message (docs/BENCH.md). */
export interface Call {
  /** 0-based call number. */
  index: number;
  /** Index in transcript.messages of the assistant message this call produced. */
  messageIndex: number;
}

/**
 * Tells whether a block of a user message is a tool result: a `tool_result` block, or, in formats
 * without tool blocks (mini-swe-agent, aider…), a text block that carries an observation.
 */
export type ToolResultTest = (messageIndex: number, blockIndex: number) => boolean;

/** A recorded session ready to replay. */
export interface BenchSession {
  transcript: Transcript;
  /** Short display name (relative file + session id). */
  label: string;
  /**
   * The session's name wherever the run starts: its path inside the folder given (its transcript id
   * after it when the file holds several). The gardener's store is scoped by it, and entry ids derive
   * from the scope: a name that held the working directory made the figures depend on it.
   */
  name: string;
  calls: Call[];
  isToolResult: ToolResultTest;
  /** The source it came from (folds.ts), when the run groups sessions into folds. */
  fold?: string;
}

/** A message block that carries a `cache_control` breakpoint. */
export interface BlockMark {
  message: number;
  block: number;
}

/** What a strategy rendered for one call. */
export interface RenderedCall {
  /** The context as the model reads it and as it is billed. */
  request: MessagesRequest;
  /**
   * The request as the client sends it, when the API edits it before the model reads it (`clear`:
   * context editing on the server). The prefix check reads this one; otherwise `request`.
   */
  sent?: MessagesRequest;
  /** Compaction events that happened just before this call. */
  events: number;
  /** An LLM summary call made before this call: tokens it read and wrote. */
  summary?: { read: number; written: number };
  /** CPU milliseconds the strategy spent on this call (measured for gardener only). */
  ms?: number;
  /** Messages made up by the strategy whose token count is fixed by definition (a summary of N tokens). */
  fixedTokens?: ReadonlyMap<MessageParam, number>;
  /**
   * Message blocks the request is sent with a breakpoint on, when the strategy places them as a door
   * would (gardener, the oracle); otherwise the meter puts Claude Code's on the last message.
   */
  marks?: readonly BlockMark[];
}

/** A strategy replaying one session, call by call. */
export interface StrategyRun {
  /** The rendered context of call i; called once per call, in order. */
  context(call: number): RenderedCall | Promise<RenderedCall>;
  /** Originals of the top `limit` recall hits for a query, when the strategy keeps a store. */
  recall?(query: string, limit: number): string[];
  /** What the model reads from that recall: the output of the first hit, and of all `limit`. */
  recallShown?(query: string, limit: number): { first: string; all: string };
  /**
   * The model's recall in the strategy's store and scope, as it is called now (options as given: pass
   * `inContext` for recall that knows what the context shows, as the engine's does).
   */
  recallResult?(query: string, options: RecallOptions): RecallResult;
  /** Whether the model sees a stored entry in full in the context of the last call rendered. */
  inContext?(id: string): boolean;
  /** Thinking blocks the engine's own check left out just before sending (gardener's counter). */
  thinkingRepaired?(): number;
  close(): void;
}

export interface StrategyOptions {
  /** Context window in tokens. */
  window: number;
  /** Tool results kept by `mask`. */
  maskKeep: number;
  /** gardener's budget (undefined: its config default). */
  budget?: number;
  /** gardener's handling of the prefix check (undefined: its config default, `auto`). */
  prefixCheck?: PrefixCheckSetting;
  /** Token counts shared by every strategy of the run. */
  meter: Meter;
}

/** A context strategy (docs/BENCH.md § Strategies). */
export interface Strategy {
  readonly name: StrategyName;
  start(session: BenchSession, options: StrategyOptions): StrategyRun | Promise<StrategyRun>;
  /** Releases what the strategy holds for the whole run (gardener's temporary store). */
  close?(): void;
}
