import { DEFAULT_POOL_SIZE } from '../kit/pool.js';
import { createLru } from '../../core/lru/index.js';
import { commonPrefix, scanBody, scanElements, type BodyShape } from '../../core/transcript/index.js';

type Json = Record<string, unknown>;

/** Bodies kept to parse the next ones from: one per conversation, as many as the pools keep open. */
const KEPT_BODIES = DEFAULT_POOL_SIZE;
/** A body bigger than this is not kept (its next one is parsed whole): memory stays bounded. */
const MAX_KEPT_BODY_BYTES = 32 * 1024 * 1024;
/** The kept bodies together stay under this many bytes; the oldest goes first. */
const MAX_KEPT_TOTAL_BYTES = 64 * 1024 * 1024;

/** A Messages request body, parsed; `shape` when it can be kept to parse a later body from. */
export interface ParsedBody {
  body: Json;
  shape?: BodyShape;
  /** Messages taken as they were parsed from an earlier body (their bytes are the same). */
  reused: number;
}

/**
 * Parses request bodies. A client re-sends its whole history on every call: where a body starts
 * with the same bytes as a kept one, up to the end of one of its messages, those messages are the
 * kept body's parsed objects and only the rest is parsed. Anything earlier changed: parsed whole.
 */
export interface BodyParser {
  /** The body, or why it is not a Messages request body. */
  parse(raw: Buffer): ParsedBody | string;
  /** Keeps a body as its conversation's newest, to parse the conversation's next one from. */
  keep(conversation: string, raw: Buffer, parsed: ParsedBody): void;
  /** Drops a conversation's kept body. */
  forget(conversation: string): void;
}

interface Kept {
  raw: Buffer;
  shape: BodyShape;
  body: Json;
}

export function createBodyParser(): BodyParser {
  const kept = createLru<string, Kept>({
    maxEntries: KEPT_BODIES,
    maxWeight: MAX_KEPT_TOTAL_BYTES,
    weigh: (body) => body.raw.length,
  });

  return {
    parse(raw) {
      try {
        const nearest = nearestKept(kept.values(), raw);
        const parsed = nearest && parseFrom(nearest.kept, nearest.shared, raw);
        if (parsed) return parsed;
      } catch {
        // Parsing from a kept body is only a shortcut: whatever went wrong, the whole body is parsed.
      }
      return parseWhole(raw);
    },
    forget(conversation) {
      kept.delete(conversation);
    },
    keep(conversation, raw, parsed) {
      if (parsed.shape && raw.length <= MAX_KEPT_BODY_BYTES)
        kept.set(conversation, { raw, shape: parsed.shape, body: parsed.body });
      else kept.delete(conversation);
    },
  };
}

/** The kept body that shares the longest start with `raw`. */
function nearestKept(kept: Iterable<Kept>, raw: Buffer): { kept: Kept; shared: number } | undefined {
  let best: { kept: Kept; shared: number } | undefined;
  for (const candidate of kept) {
    const shared = commonPrefix(candidate.raw, raw);
    if (!best || shared > best.shared) best = { kept: candidate, shared };
  }
  return best;
}

function parseWhole(raw: Buffer): ParsedBody | string {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not a JSON object';
  const messages = (body as Json)['messages'];
  if (!Array.isArray(messages)) return 'body has no messages array';
  const shape = raw.length <= MAX_KEPT_BODY_BYTES ? scanBody(raw) : undefined;
  const whole = shape && shape.ends.length === messages.length;
  return { body: body as Json, ...(whole ? { shape } : {}), reused: 0 };
}

/** The body parsed from the first message that is not byte for byte the kept body's; undefined: parse it whole. */
function parseFrom(kept: Kept, shared: number, raw: Buffer): ParsedBody | undefined {
  const { shape } = kept;
  if (shared <= shape.open) return undefined;
  const same = messagesWithin(shape.ends, shared);
  const tail = scanElements(raw, same > 0 ? (shape.ends[same - 1] as number) : shape.open + 1, same === 0);
  if (!tail) return undefined;
  const fresh = parseJson(
    tail.starts.length > 0 ? `[${raw.toString('utf8', tail.starts[0], tail.close)}]` : '[]',
  );
  if (!Array.isArray(fresh) || fresh.length !== tail.starts.length) return undefined;
  const rest = restOf(kept, raw, tail.close);
  if (!rest) return undefined;
  const at = shape.keys.indexOf('messages');
  const head = shape.keys.slice(0, at);
  if (rest.keys.some((key) => key === 'messages' || key === '__proto__' || head.includes(key)))
    return undefined;
  const body: Json = {};
  for (const key of head) body[key] = kept.body[key];
  body['messages'] = [...(kept.body['messages'] as unknown[]).slice(0, same), ...(fresh as unknown[])];
  for (const key of rest.keys) body[key] = rest.values[key];
  return {
    body,
    shape: {
      keys: [...head, 'messages', ...rest.keys],
      open: shape.open,
      starts: [...shape.starts.slice(0, same), ...tail.starts],
      ends: [...shape.ends.slice(0, same), ...tail.ends],
      close: tail.close,
    },
    reused: same,
  };
}

/** How many messages end within the first `bytes` bytes. */
function messagesWithin(ends: readonly number[], bytes: number): number {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ends[middle] as number) <= bytes) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The body's keys after its messages: the kept body's when the bytes are the same, else parsed. */
function restOf(kept: Kept, raw: Buffer, close: number): { keys: string[]; values: Json } | undefined {
  const keptClose = kept.shape.close;
  if (
    raw.length - close === kept.raw.length - keptClose &&
    raw.compare(kept.raw, keptClose, kept.raw.length, close, raw.length) === 0
  )
    return { keys: kept.shape.keys.slice(kept.shape.keys.indexOf('messages') + 1), values: kept.body };
  const text = raw.toString('utf8', close + 1).trimStart();
  // `]}` ends the body; `],"key":…}` goes on, and `],}` is not JSON.
  const object = text.startsWith(',') ? `{${text.slice(1)}` : `{${text}`;
  if (text.startsWith(',') && !text.slice(1).trimStart().startsWith('"')) return undefined;
  const values = parseJson(object);
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return undefined;
  return { keys: Object.keys(values), values: values as Json };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
