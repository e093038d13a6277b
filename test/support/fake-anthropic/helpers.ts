import type { RecordedRequest, ScriptStep, Json } from './types.js';

/** A step answering with one text block. */
export function textReply(text: string): ScriptStep {
  return { reply: { content: [{ type: 'text', text }] } };
}

/** A step answering with a tool call (stop_reason `tool_use`), optionally preceded by text. */
export function toolReply(
  name: string,
  input: unknown,
  options: { text?: string; id?: string } = {},
): ScriptStep {
  const call =
    options.id === undefined
      ? { type: 'tool_use' as const, name, input }
      : { type: 'tool_use' as const, name, input, id: options.id };
  return { reply: { content: options.text ? [{ type: 'text', text: options.text }, call] : [call] } };
}

/** A step answering with a thinking block (signed by the fake) then text. */
export function thinkingReply(thinking: string, text: string): ScriptStep {
  return {
    reply: {
      content: [
        { type: 'thinking', thinking },
        { type: 'text', text },
      ],
    },
  };
}

export function apiError(
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>,
): ScriptStep {
  return { error: headers ? { status, type, message, headers } : { status, type, message } };
}

/** 429 with `retry-after` in seconds (the API's header). */
export function rateLimited(retryAfterSeconds = 1): ScriptStep {
  return apiError(
    429,
    'rate_limit_error',
    'Number of request tokens has exceeded your per-minute rate limit',
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
}

export function overloaded(): ScriptStep {
  return apiError(529, 'overloaded_error', 'Overloaded');
}

/** The API's context overflow 400, as a scripted step. */
export function promptTooLong(tokens: number, maximum: number): ScriptStep {
  return apiError(400, 'invalid_request_error', `prompt is too long: ${tokens} tokens > ${maximum} maximum`);
}

/** All text of a request (system, messages, tool results), for replies that echo what they saw. */
export function requestText(request: RecordedRequest): string {
  return JSON.stringify([request.body?.system ?? '', request.body?.messages ?? []]);
}

/** Text of the last user message (string content or its text blocks joined). */
export function lastUserText(request: RecordedRequest): string {
  const messages: Json[] = request.body?.messages ?? [];
  const last: Json = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return String(last.content);
  const blocks: Json[] = Array.isArray(last.content) ? last.content : [];
  return blocks
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join('\n');
}
