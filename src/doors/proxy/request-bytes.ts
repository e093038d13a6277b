import type { MessagesRequest } from '../../core/transcript/index.js';
import { createWarmMemory } from './warm-memory.js';

/**
 * The bytes of a rendered request, exactly `Buffer.from(JSON.stringify(request))`, with each
 * message's serialised bytes kept per message object: the engine hands back the same objects for
 * every message it did not change (a message's rendering is kept until one of its blocks changes),
 * so a call serialises and encodes only its new or changed messages, and copies the rest. Nothing
 * here changes a message in place (a breakpoint goes on a copy), so an object stands for its bytes.
 * Each body is on an ArrayBuffer of its own, from its first byte (room may follow): it can be
 * transferred whole to another thread.
 */
export interface RequestBytes {
  (request: MessagesRequest): Buffer;
  /** Readies memory for a next body of about `bytes` (warm-memory.ts): once a request is upstream. */
  warm(bytes: number): void;
}

const COMMA = Buffer.from(',');

export function createRequestBytes(): RequestBytes {
  const byMessage = new WeakMap<object, Buffer>();
  const memory = createWarmMemory((bytes) => new ArrayBuffer(bytes));
  const messageBytes = (message: unknown): Buffer => {
    // JSON.stringify gives null for a value it cannot write inside an array.
    if (typeof message !== 'object' || message === null)
      return Buffer.from(JSON.stringify(message) ?? 'null');
    let bytes = byMessage.get(message);
    if (!bytes) byMessage.set(message, (bytes = Buffer.from(JSON.stringify(message))));
    return bytes;
  };
  const join = (parts: readonly Buffer[]): Buffer => {
    let size = 0;
    for (const part of parts) size += part.length;
    const out = Buffer.from(memory.take(size), 0, size);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  };
  const bytes = (request: MessagesRequest): Buffer => {
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
    return join(parts);
  };
  return Object.assign(bytes, { warm: (size: number) => memory.warm(size) });
}
