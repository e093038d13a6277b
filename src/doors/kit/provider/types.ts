import type { ContentBlock, StopReason } from '@anthropic-ai/sdk/resources/messages';
import type { MessagesRequest } from '../../../core/transcript/index.js';

/** A Messages API request body; fields the provider does not know pass through unchanged. */
export interface ProviderRequest extends MessagesRequest {
  model: string;
  max_tokens: number;
  /** Extended thinking, passed through: `{type: 'enabled', budget_tokens}`. */
  thinking?: { type: 'enabled'; budget_tokens: number } | { type: 'disabled' } | { type: 'adaptive' };
}

/** Token counts of one call as the API reports them (cache figures split out). */
export interface ProviderUsage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

/** The assistant message of one call, assembled from the stream. */
export interface ProviderResult {
  id: string;
  model: string;
  /** Blocks as the API sent them: thinking with its signature, tool_use with parsed input. */
  content: ContentBlock[];
  stopReason: StopReason | null;
  usage: ProviderUsage;
  /** The API's `request-id`, when it sent one. */
  requestId?: string;
}

export type RetryReason = 'rate_limit' | 'overloaded' | 'server_error' | 'connection' | 'silent';

/**
 * What a streamed call reports, in order; the generator returns the assembled message. The one
 * vocabulary from provider to UI: decorators pass these on (and add `retry`), the chat's agent adds
 * its own members to the same union (src/doors/chat/agent/events.ts), the TUI folds them.
 */
export type ProviderEvent =
  | { type: 'message_start'; id: string; model: string }
  /** Usage of the message so far: once at the start (input and cache figures), again at the end (output). */
  | { type: 'message_usage'; usage: ProviderUsage }
  /** A content block starts (text, thinking, a tool call, a server block): content has begun. */
  | { type: 'block_start'; index: number; block: ContentBlock }
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  | { type: 'tool_use_start'; index: number; id: string; name: string }
  | { type: 'tool_input_delta'; index: number; partialJson: string }
  | { type: 'tool_use_complete'; index: number; id: string; name: string; input: unknown }
  /** A content block is complete, as it will appear in the final message. */
  | { type: 'block_done'; index: number; block: ContentBlock }
  | { type: 'stop'; reason: StopReason | null; message: ProviderResult }
  /** An attempt failed before any content reached the caller; the next starts after `delayMs`. */
  | { type: 'retry'; attempt: number; delayMs: number; reason: RetryReason; message: string }
  /**
   * Nothing has come from `from` for `silentMs` (said every SILENT_NOTICE_MS while it lasts): this
   * attempt (of `attempts`) is given up at `limitMs` of silence. Not content: a retry may still follow.
   */
  | { type: 'silent'; from: string; silentMs: number; limitMs: number; attempt: number; attempts: number };

export interface StreamOptions {
  signal?: AbortSignal;
}

/**
 * A model provider: one streamed call at a time. Cross-cutting behaviour (retries, the idle-stream
 * timeout, the debug log) comes as decorators that take a provider and return one.
 */
export interface Provider {
  /**
   * One streamed call: yields events as they arrive and returns the assembled message. Throws a
   * ProviderError (src/doors/kit/provider/errors.ts) when the call fails (with the retry
   * decorator: once retries are spent, or on an error that is never retried).
   */
  stream(request: ProviderRequest, options?: StreamOptions): AsyncGenerator<ProviderEvent, ProviderResult>;
}
