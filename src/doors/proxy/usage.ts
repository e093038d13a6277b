import { StringDecoder } from 'node:string_decoder';

/** What a Messages API answer reports of its tokens. */
export interface Usage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

/** Input tokens the model read: uncached, read from cache and written to it. */
export function inputTotal(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

type Json = Record<string, unknown>;

/** Folds a `usage` object into what was known (later reports win, field by field). */
export function mergeUsage(known: Usage | undefined, raw: unknown): Usage | undefined {
  if (typeof raw !== 'object' || raw === null) return known;
  const u = raw as Json;
  const pick = (key: string, fallback: number) => (typeof u[key] === 'number' ? u[key] : fallback);
  return {
    input: pick('input_tokens', known?.input ?? 0),
    cacheRead: pick('cache_read_input_tokens', known?.cacheRead ?? 0),
    cacheWrite: pick('cache_creation_input_tokens', known?.cacheWrite ?? 0),
    output: pick('output_tokens', known?.output ?? 0),
  };
}

/** Reads `usage` from an SSE stream as its bytes pass by (the bytes themselves are not touched). */
export interface SseUsageReader {
  feed(chunk: Buffer): void;
  usage(): Usage | undefined;
  /** The `error` event's payload, when the stream carried one. */
  error(): unknown;
}

/** Event separators: a blank line, with either line ending. */
const EVENT_END = /\r?\n\r?\n/;

export function createSseUsageReader(): SseUsageReader {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let usage: Usage | undefined;
  let error: unknown;
  const onEvent = (text: string) => {
    // Only events that can carry usage (or an error) are parsed; content deltas are skipped cheaply.
    if (!text.includes('"usage"') && !text.includes('"error"')) return;
    const data = text
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    let event: Json;
    try {
      event = JSON.parse(data) as Json;
    } catch {
      return;
    }
    if (event['type'] === 'message_start')
      usage = mergeUsage(usage, (event['message'] as Json | undefined)?.['usage']);
    else if (event['type'] === 'message_delta') usage = mergeUsage(usage, event['usage']);
    else if (event['type'] === 'error') error = event['error'];
  };
  return {
    feed(chunk) {
      pending += decoder.write(chunk);
      for (let match = EVENT_END.exec(pending); match; match = EVENT_END.exec(pending)) {
        onEvent(pending.slice(0, match.index));
        pending = pending.slice(match.index + match[0].length);
      }
    },
    usage: () => usage,
    error: () => error,
  };
}

/** `usage` of a whole (non-streamed) JSON answer. */
export function jsonUsage(body: Buffer): Usage | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as Json;
    return mergeUsage(undefined, parsed['usage']);
  } catch {
    return undefined;
  }
}
