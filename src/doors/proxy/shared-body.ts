import { sharedMessages } from '../../core/cache/index.js';
import type { MessagesRequest } from '../../core/transcript/index.js';
import { createLru } from '../../core/lru/index.js';
import { requestPieces, type MessageBytes } from './request-bytes.js';

/** A body bigger than this is not kept on shared memory: it is written into fresh memory each time. */
const MAX_SHARED_BODY_BYTES = 32 * 1024 * 1024;
/** The kept bodies' memory together stays under this; the least recently written goes first. */
const MAX_SHARED_TOTAL_BYTES = 96 * 1024 * 1024;
/** Room past a body's bytes, for the conversation's next messages (and at least MIN_ROOM_BYTES). */
const ROOM_SHARE = 0.25;
const MIN_ROOM_BYTES = 64 * 1024;

/** A conversation's last body on shared memory: what it holds, to write the next one over it. */
interface SharedBody {
  memory: SharedArrayBuffer;
  /** One Int32: 1 while the proxy's thread may still send the bytes (not written over then). */
  inUse: Int32Array;
  head: Buffer;
  /** The message objects whose bytes it holds, in order, and where each one's end. */
  messages: unknown[];
  ends: number[];
}

/** A request's bytes on shared memory, and the flag to clear once they will not be sent any more. */
export interface SharedBytes {
  bytes: Buffer;
  inUse: Int32Array;
}

/**
 * Request bodies written on shared memory, one kept per conversation: the next body of the
 * conversation is written over it from its first message that is not the same object, so a call
 * writes only its new bytes (no copy of the history, no fresh memory to fault in). The proxy's
 * thread sends from that memory without a copy, and clears `inUse` once it will not send them again;
 * a body still in use is never written over (the next one gets memory of its own).
 */
export interface SharedBodies {
  /** Undefined for a request without a messages array or too big to keep (write it as usual). */
  write(conversation: string, request: MessagesRequest): SharedBytes | undefined;
  forget(conversation: string): void;
}

const COMMA = 0x2c;

export function createSharedBodies(messageBytes: MessageBytes): SharedBodies {
  const kept = createLru<string, SharedBody>({
    maxWeight: MAX_SHARED_TOTAL_BYTES,
    weigh: (body) => body.memory.byteLength,
  });
  return {
    forget(conversation) {
      kept.delete(conversation);
    },
    write(conversation, request) {
      const { head, messages, tail } = requestPieces(request);
      if (!messages) return undefined;
      const pieces = { head: Buffer.from(head), messages, tail: Buffer.from(tail) };
      const last = kept.peek(conversation);
      const reusable = last && Atomics.load(last.inUse, 0) === 0 && last.head.equals(pieces.head);
      const from = reusable ? sharedMessages(last.messages, messages) : 0;
      const start = from > 0 ? (last!.ends[from - 1] as number) : pieces.head.length;
      const size = start + sizeOf(messageBytes, messages, from, messages.length) + pieces.tail.length;
      if (reusable && size <= last.memory.byteLength) return writeFrom(last, from, pieces, messageBytes);
      const whole =
        from > 0 ? pieces.head.length + sizeOf(messageBytes, messages, 0, from) + size - start : size;
      if (whole > MAX_SHARED_BODY_BYTES) return undefined;
      const body = newBody(pieces.head, whole);
      kept.set(conversation, body);
      return writeFrom(body, 0, pieces, messageBytes);
    },
  };
}

/** Writes the request into the body from message `first` on (what is before it is there already). */
function writeFrom(
  body: SharedBody,
  first: number,
  pieces: { head: Buffer; messages: readonly unknown[]; tail: Buffer },
  messageBytes: MessageBytes,
): SharedBytes {
  const into = Buffer.from(body.memory);
  let at = first > 0 ? (body.ends[first - 1] as number) : pieces.head.copy(into, 0);
  body.messages.length = first;
  body.ends.length = first;
  for (let m = first; m < pieces.messages.length; m++) {
    if (m > 0) into[at++] = COMMA;
    at += messageBytes(pieces.messages[m]).copy(into, at);
    body.messages.push(pieces.messages[m]);
    body.ends.push(at);
  }
  at += pieces.tail.copy(into, at);
  Atomics.store(body.inUse, 0, 1);
  return { bytes: Buffer.from(body.memory, 0, at), inUse: body.inUse };
}

function newBody(head: Buffer, size: number): SharedBody {
  const room = Math.max(MIN_ROOM_BYTES, Math.ceil(size * ROOM_SHARE));
  return {
    memory: new SharedArrayBuffer(size + room),
    inUse: new Int32Array(new SharedArrayBuffer(4)),
    head,
    messages: [],
    ends: [],
  };
}

/** Bytes of messages [from, to) with the commas before them. */
function sizeOf(messageBytes: MessageBytes, messages: readonly unknown[], from: number, to: number): number {
  let size = 0;
  for (let m = from; m < to; m++) size += messageBytes(messages[m]).length + (m > 0 ? 1 : 0);
  return size;
}
