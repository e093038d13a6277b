import type { IncomingHttpHeaders } from 'node:http';
import type { InputTransformation } from './binding.js';

/** Parsed client JSON: the fake checks arbitrary input field by field, as the API does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untrusted request bodies
export type Json = any;

/** A content block the fake answers with. Ids and signatures are made up when left out. */
export type ReplyBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input: unknown; id?: string }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string };

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  /** cache_creation_input_tokens split by TTL, as the API reports it. */
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

/** An assistant message to answer with. A bare string is one text block. */
export interface ReplySpec {
  content: ReplyBlock[];
  /** Defaults to `tool_use` when the reply has a tool_use block, else `end_turn`. */
  stop_reason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'pause_turn' | 'refusal';
  /** Overrides the figures the fake computes. */
  usage?: Partial<Usage>;
  /** Defaults to the request's model. */
  model?: string;
  /** Pause between streamed events, to test interrupts and first-byte timing. */
  chunkDelayMs?: number;
}

export type Reply = string | ReplySpec;

/** An error answer, shaped like the API's: `{type:'error', error:{type, message}, request_id}`. */
export interface ErrorSpec {
  status: number;
  type: string;
  message: string;
  /** Extra response headers, e.g. `{ 'retry-after': '1' }`. */
  headers?: Record<string, string>;
}

/** One request as the fake saw it. */
export interface RecordedRequest {
  index: number;
  method: string;
  /** Path with its query string, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (undefined for bodiless or unparsable requests). */
  body: Json;
  /**
   * The request as the model read it, when it differs from `body`: dropped thinking blocks out and
   * server-side context edits applied. A step's reply function gets the request with this as its body.
   */
  read?: Json;
  /** Index in the script of the step that answered, when one did. */
  step?: number;
  /** Index in `standing` of the standing reply that answered, when one did. */
  standing?: number;
  /** Status the fake answered with (0 when it cut the connection before a status). */
  status: number;
  /** Usage the fake reported, for answered message requests. */
  usage?: Usage;
  /** The body as received, byte for byte (UTF-8). */
  raw: string;
  /** True when the client went away before the answer was complete (e.g. an interrupted stream). */
  clientClosed?: boolean;
  /** The error the fake answered with, if it did. */
  error?: { type: string; message: string };
  /** The answer's `input_transformations` (thinking blocks dropped or let through), when it had them. */
  transformations?: InputTransformation[];
}

type Match = (request: RecordedRequest) => boolean;

/**
 * One scripted answer to `POST /v1/messages`. Steps are used once each, in order: a request is
 * answered by the first unused step whose `match` accepts it (a step without `match` accepts all).
 */
export type ScriptStep =
  /** A reply function reads the request as the model does (`read`, when there is one, as its body). */
  | { reply: Reply | ((request: RecordedRequest) => Reply); match?: Match }
  | { error: ErrorSpec; match?: Match }
  /** `reset`: the socket is destroyed before any response. `cut`: the stream stops after `afterEvents` SSE events. */
  | { fail: 'reset'; match?: Match }
  | { fail: 'cut'; reply: Reply; afterEvents: number; match?: Match };

/** An answer that is never used up, tried before the script (e.g. Claude Code's side calls to a small model). */
export interface StandingReply {
  match: Match;
  reply: Reply | ((request: RecordedRequest) => Reply);
}

/** What the fake sent that clients must send back unchanged. */
export interface Issued {
  /** Thinking signature → the thinking text sent with it. */
  thinking: Map<string, string>;
  redacted: Set<string>;
  /** Ids of tool_use blocks sent in a reply that began with thinking. */
  thoughtfulToolUses: Set<string>;
}

export interface Violation {
  /** Index of the request in `requests`. */
  request: number;
  message: string;
}

export interface FakeAnthropicOptions {
  script: ScriptStep[];
  /** Context window in tokens; a longer prompt gets the API's "prompt is too long" 400. Default 200,000. */
  contextWindow?: number;
  /**
   * Also enforce rules the API has relaxed or only checks in some cases: the first message is from
   * the user, roles strictly alternate, and thinking signatures were issued by this fake.
   */
  strict?: boolean;
  standing?: StandingReply[];
  /** Port to listen on (default 0: a free one). Always 127.0.0.1. */
  port?: number;
  /**
   * The clock of the prompt cache's TTL in ms (default: real time); a test can drive it, e.g.
   * `let t = 0; … now: () => t` and `t += 6 * 60_000` to let a 5-minute entry expire.
   */
  now?: () => number;
  /** Shortest cacheable prefix in tokens (default: the API's 1,024; tests with small prompts lower it). */
  cacheMinTokens?: number;
  /**
   * The account's age for the prefix check on thinking blocks (src/core/binding): `new` (default;
   * created on or after 2026-08-31) gets the 400 on a failing block; `old` has failing blocks let
   * through (reported as `thinking_mismatch_allowed` with the beta header). Fable/Mythos 5.2 and a
   * request that sets `prefix_mismatch_behavior` are enforced either way.
   */
  account?: 'new' | 'old';
  /**
   * Every reply starts with a thinking block of about this many tokens (deterministic text, a
   * signature made up) when the request thinks (adaptive, enabled, or left out on the 5.x models)
   * and the scripted reply does not start with thinking itself.
   */
  thinkingReplies?: number;
  /** Called with each request once answered (serve.ts logs with it). */
  onRequest?: (request: RecordedRequest) => void;
}

export interface FakeAnthropic {
  /** Base URL for `ANTHROPIC_BASE_URL` or the SDK's `baseURL`, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  violations: Violation[];
  /** Script steps not used yet. */
  remaining(): number;
  close(): Promise<void>;
}
