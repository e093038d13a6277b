import type { IncomingMessage } from 'node:http';
import { createWarmMemory } from './warm-memory.js';

/** Reads request bodies; the memory for the next one can be readied while the proxy is idle. */
export interface BodyReader {
  /**
   * Reads a body whole, into memory the garden thread can read too (a SharedArrayBuffer): the body
   * crosses to it without a copy, and the proxy's thread keeps it to send as it came. When the
   * client states its length the bytes go straight to their place (no list of chunks joined at the
   * end, which would hold the body twice). Undefined when the body is over `max` bytes.
   */
  read(req: IncomingMessage, max: number): Promise<Buffer | undefined>;
  /** Readies memory for a next body of about `bytes` (warm-memory.ts): once a request is upstream. */
  warm(bytes: number): void;
}

export function createBodyReader(): BodyReader {
  const memory = createWarmMemory((bytes) => new SharedArrayBuffer(bytes));
  return {
    read: (req, max) => readInto(req, max, (stated) => Buffer.from(memory.take(stated), 0, stated)),
    warm: (bytes) => memory.warm(bytes),
  };
}

function readInto(
  req: IncomingMessage,
  max: number,
  place: (stated: number) => Buffer,
): Promise<Buffer | undefined> {
  const stated = Number(req.headers['content-length']);
  const known = Number.isSafeInteger(stated) && stated >= 0 && stated <= max;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const into = known ? place(stated) : undefined;
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size + chunk.length > (into ? into.length : max)) {
        size = Infinity;
        resolve(undefined);
        req.resume();
        return;
      }
      if (into) into.set(chunk, size);
      else chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => {
      if (size === Infinity) return;
      if (into) resolve(size === into.length ? into : into.subarray(0, size));
      else resolve(shared(chunks, size));
    });
    req.on('error', reject);
  });
}

function shared(chunks: readonly Buffer[], size: number): Buffer {
  const out = Buffer.from(new SharedArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
