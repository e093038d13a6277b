/**
 * A fake Anthropic Messages API for tests: real HTTP and SSE on 127.0.0.1, scripted answers,
 * every request validated as the API validates it.
 *
 * ```ts
 * const fake = await startFakeAnthropic({ script: [toolReply('bash', { command: 'ls' }), textReply('done')] });
 * const client = new Anthropic({ baseURL: fake.url, apiKey: 'dummy', maxRetries: 0 });
 * // … drive the client, then:
 * expect(fake.violations).toEqual([]);
 * await fake.close();
 * ```
 *
 * - `POST /v1/messages`: invalid requests get the API's 400 `invalid_request_error` and a recorded
 *   violation; a prompt over `contextWindow` gets "prompt is too long: N tokens > M maximum";
 *   otherwise the next script step answers (JSON, or SSE when `stream: true`). When no step is left,
 *   a 500 of type `fake_script_exhausted` names the request, and a violation is recorded.
 * - `POST /v1/messages/count_tokens` answers `{input_tokens}` (and `context_management.original_input_tokens`
 *   when edits were asked for); `GET|HEAD /` 200; `GET /v1/models` the models with their windows.
 * - Preserved thinking (src/core/binding): on the models that run the prefix check, every thinking
 *   block the fake emits is bound to its prefix and predecessor; every request (count_tokens too) is
 *   checked. A failing block gets the API's 400 (`account: 'new'`, the default), or is let through
 *   (`account: 'old'`, reported as `thinking_mismatch_allowed`), or, with
 *   `thinking.block_binding.prefix_mismatch_behavior: "drop_block"` and the beta
 *   `thinking-binding-controls-2026-08-01`, dropped (unbilled) and listed in `input_transformations`
 *   (top level; SSE: message_start). On those models the thinking blocks of a request are input.
 * - Server-side context editing (`context_management`, beta `context-management-2025-06-27`):
 *   `clear_tool_uses_20250919` and `clear_thinking_20251015` are applied before billing, caching and
 *   the script's reply functions; cleared results read CLEARED_PLACEHOLDER (the fake's own text);
 *   `context_management.applied_edits` in the answer (SSE: the final message_delta).
 * - Per model: the thinking types it takes, `display: "updates"` with its beta; mid-conversation
 *   system messages where the API takes them. `thinkingReplies: N` starts every reply with about N
 *   tokens of thinking when the request thinks.
 * - `requests` records every request: path with query, headers, parsed `body`, `raw` bytes, the
 *   script `step` (or `standing` reply) that answered, `status`, reported `usage`, and `clientClosed`
 *   when the client went away before the answer was complete.
 * - Tokens are counted with the project's counter (cl100k_base); `usage` bills prompt caching as the
 *   API does, by the core's model (src/core/cache/prompt-cache.ts): writes only at `cache_control`
 *   breakpoints, reads within the 20-block lookback and the TTL (on the `now` clock), the minimum
 *   cacheable length (`cacheMinTokens`), `cache_creation.ephemeral_5m/1h_input_tokens`; more than
 *   4 breakpoints is the API's 400.
 */
export { DEFAULT_CONTEXT_WINDOW, startFakeAnthropic } from './server.js';
export { MAX_CACHE_CONTROL, countCacheControl, validateRequest } from './validate.js';
export { estimateInputTokens } from './count.js';
export { createIssued } from './script.js';
export { CLEARED_PLACEHOLDER } from './context-management.js';
export type { InputTransformation } from './binding.js';
export type {
  ErrorSpec,
  FakeAnthropic,
  FakeAnthropicOptions,
  Issued,
  RecordedRequest,
  Reply,
  ReplyBlock,
  ReplySpec,
  ScriptStep,
  StandingReply,
  Usage,
  Violation,
} from './types.js';
export {
  apiError,
  overloaded,
  promptTooLong,
  rateLimited,
  textReply,
  thinkingReply,
  toolReply,
  lastUserText,
  requestText,
} from './helpers.js';
