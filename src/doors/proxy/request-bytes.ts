import type { MessagesRequest } from '../../core/transcript/index.js';

/**
 * The bytes of a rendered request, exactly `Buffer.from(JSON.stringify(request))`, with each
 * message's serialised bytes kept per message object: the engine hands back the same objects for
 * every message it did not change (a message's rendering is kept until one of its blocks changes),
 * so a call serialises and encodes only its new or changed messages, and copies the rest. Nothing
 * here changes a message in place (a breakpoint goes on a copy), so an object stands for its bytes.
 */
export type RequestBytes = (request: MessagesRequest) => Buffer;

/** A request as JSON.stringify writes it: the text before its messages, the messages, the text after. */
export interface RequestPieces {
  head: string;
  /** Undefined when the request has no messages array (then `head` is all of it but `tail`). */
  messages: readonly unknown[] | undefined;
  tail: string;
}

/** Serialised bytes of a message, kept per object. */
export type MessageBytes = (message: unknown) => Buffer;

const COMMA = Buffer.from(',');

export function createMessageBytes(): MessageBytes {
  const byMessage = new WeakMap<object, Buffer>();
  return (message) => {
    // JSON.stringify gives null for a value it cannot write inside an array.
    if (typeof message !== 'object' || message === null)
      return Buffer.from(JSON.stringify(message) ?? 'null');
    let bytes = byMessage.get(message);
    if (!bytes) byMessage.set(message, (bytes = Buffer.from(JSON.stringify(message))));
    return bytes;
  };
}

/** The request's keys in JSON.stringify's order, cut around its messages array. */
export function requestPieces(request: MessagesRequest): RequestPieces {
  let head = '{';
  let tail = '';
  let messages: readonly unknown[] | undefined;
  let first = true;
  // Own enumerable string keys in JSON.stringify's order; values it cannot write are left out.
  for (const [key, value] of Object.entries(request)) {
    const name = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (key === 'messages' && Array.isArray(value) && !messages) {
      head += `${name}[`;
      messages = value;
      tail = ']';
      first = false;
      continue;
    }
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined) continue;
    if (messages) tail += name + json;
    else head += name + json;
    first = false;
  }
  return { head, messages, tail: `${tail}}` };
}

export function createRequestBytes(messageBytes: MessageBytes = createMessageBytes()): RequestBytes {
  return (request) => {
    const { head, messages, tail } = requestPieces(request);
    const parts: Buffer[] = [Buffer.from(head)];
    for (let i = 0; i < (messages?.length ?? 0); i++) {
      if (i > 0) parts.push(COMMA);
      parts.push(messageBytes(messages![i]));
    }
    parts.push(Buffer.from(tail));
    return Buffer.concat(parts);
  };
}
