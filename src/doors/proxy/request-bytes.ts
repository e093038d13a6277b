import type { MessagesRequest } from '../../core/transcript/index.js';

/**
 * The bytes of a rendered request, exactly `Buffer.from(JSON.stringify(request))`, with each
 * message's serialised bytes kept per message object: the engine hands back the same objects for
 * every message it did not change (a message's rendering is kept until one of its blocks changes),
 * so a call serialises and encodes only its new or changed messages, and copies the rest. Nothing
 * here changes a message in place (a breakpoint goes on a copy), so an object stands for its bytes.
 */
export type RequestBytes = (request: MessagesRequest) => Buffer;

const COMMA = Buffer.from(',');

export function createRequestBytes(): RequestBytes {
  const byMessage = new WeakMap<object, Buffer>();
  const messageBytes = (message: unknown): Buffer => {
    // JSON.stringify gives null for a value it cannot write inside an array.
    if (typeof message !== 'object' || message === null)
      return Buffer.from(JSON.stringify(message) ?? 'null');
    let bytes = byMessage.get(message);
    if (!bytes) byMessage.set(message, (bytes = Buffer.from(JSON.stringify(message))));
    return bytes;
  };
  return (request) => {
    const parts: Buffer[] = [];
    let text = '{';
    let first = true;
    // Own enumerable string keys in JSON.stringify's order; values it cannot write are left out.
    for (const [key, value] of Object.entries(request)) {
      const head = `${first ? '' : ','}${JSON.stringify(key)}:`;
      if (key === 'messages' && Array.isArray(value)) {
        parts.push(Buffer.from(`${text}${head}[`));
        for (let i = 0; i < value.length; i++) {
          if (i > 0) parts.push(COMMA);
          parts.push(messageBytes(value[i]));
        }
        text = ']';
        first = false;
        continue;
      }
      const json = JSON.stringify(value) as string | undefined;
      if (json === undefined) continue;
      text += head + json;
      first = false;
    }
    parts.push(Buffer.from(`${text}}`));
    return Buffer.concat(parts);
  };
}
