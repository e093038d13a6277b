import type {
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';

export type { ContentBlockParam, MessageParam, TextBlockParam, ToolResultBlockParam, ToolUnion };

/** A content block. Block types gardener does not know are carried through as they are. */
export type Block = ContentBlockParam;

export type Role = MessageParam['role'];

/**
 * The canonical transcript: an Anthropic Messages request body (system, tools, messages)
 * plus where it came from. Every importer produces it; every door and the core consume it.
 */
export interface Transcript {
  /** Session id (from the source when it has one, else derived from the file). */
  id: string;
  /** Importer that produced it, e.g. "claude-code", "anthropic". */
  format: string;
  /** File it was read from, when known. */
  source?: string;
  /** Short human label (first prompt, task id…). */
  title?: string;
  system?: string | TextBlockParam[];
  tools?: ToolUnion[];
  messages: MessageParam[];
  /** Other request fields (model, max_tokens, metadata…), passed through unchanged. */
  extra?: Record<string, unknown>;
  /** Facts about the session that are not part of a request: cwd, parent session, sidechain… */
  meta?: TranscriptMeta;
}

export interface TranscriptMeta {
  cwd?: string;
  model?: string;
  parentId?: string;
  isSidechain?: boolean;
  startedAt?: string;
  /** Lines or records skipped in --lenient mode. */
  skipped?: number;
  [key: string]: unknown;
}

/** The request body a door sends to the Messages API. */
export interface MessagesRequest {
  system?: string | TextBlockParam[];
  tools?: ToolUnion[];
  messages: MessageParam[];
  [key: string]: unknown;
}

export function toRequest(transcript: Transcript): MessagesRequest {
  const request: MessagesRequest = { ...(transcript.extra ?? {}), messages: transcript.messages };
  if (transcript.system !== undefined) request.system = transcript.system;
  if (transcript.tools !== undefined) request.tools = transcript.tools;
  return request;
}
