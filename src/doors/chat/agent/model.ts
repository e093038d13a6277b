import type { ContentBlockParam, MessagesRequest } from '../../../core/transcript/index.js';
import type { CallUsage } from './events.js';

/**
 * What the loop needs of a model provider (src/doors/kit/provider implements it with the official SDK):
 * one streamed call, its deltas and retries as they happen, the whole message at the end.
 */
export interface ModelRequest extends MessagesRequest {
  model: string;
  max_tokens: number;
}

export type ModelDelta =
  | { type: 'text'; text: string }
  | { type: 'thinking'; text: string }
  | { type: 'retry'; attempt: number; delayMs: number; reason: string };

export interface ModelResult {
  /** The assistant's blocks as they go back into the transcript (thinking unchanged). */
  content: ContentBlockParam[];
  stopReason: string;
  usage: CallUsage;
}

export interface ModelClient {
  /** Streams one call; throws a GardenerError (PROVIDER, or overflow figures) when it fails for good. */
  stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelDelta, ModelResult>;
  /** US dollars of one call's usage for a model. */
  cost(model: string, usage: CallUsage): number;
  /** Context window of a model, in tokens. */
  contextWindow(model: string): number;
}

/** Figures of a "prompt is too long" answer. */
export interface OverflowFigures {
  tokens: number;
  maximum: number;
}
