import { isUtf8 } from 'node:buffer';
import { scanBody } from './body-scan.js';

/** Characters of the input kept as its text when the body is parsed by messages (sniffers read no further). */
export const HEAD_BYTES = 256 * 1024;

/**
 * A request body (one object with a `messages` array) parsed from its bytes a message at a time:
 * each message is decoded and parsed on its own, so the input is never one string and a message's
 * text is garbage once parsed. The value is the one JSON.parse gives for the whole text. Undefined
 * when the bytes are not such a body (not UTF-8, a NUL, another shape, invalid JSON): the caller
 * decodes and parses the text whole, which also says what is wrong and where.
 */
export function parseBodyByMessages(bytes: Buffer): Record<string, unknown> | undefined {
  if (bytes.indexOf(0) !== -1 || !isUtf8(bytes)) return undefined;
  const shape = scanBody(bytes);
  if (!shape) return undefined;
  try {
    // The body with an empty messages array keeps every other key, in order.
    const rest = `${bytes.toString('utf8', 0, shape.open)}[]${bytes.toString('utf8', shape.close + 1)}`;
    const body = JSON.parse(rest) as Record<string, unknown>;
    const messages: unknown[] = [];
    for (let i = 0; i < shape.starts.length; i++)
      messages.push(JSON.parse(bytes.toString('utf8', shape.starts[i], shape.ends[i])));
    body['messages'] = messages;
    return body;
  } catch {
    return undefined;
  }
}

/** The first bytes of a text as a string, not cutting a character in two. */
export function headOf(bytes: Buffer, size = HEAD_BYTES): string {
  let end = Math.min(size, bytes.length);
  while (end < bytes.length && end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return bytes.toString('utf8', 0, end);
}
