import type { IncomingMessage } from 'node:http';
import { releaseChunk } from './chunk-release.js';

/** Room a warmed buffer leaves over the body it was sized from: a conversation's next body is a little longer. */
const SPARE_SLACK = 1 / 8;
const SPARE_MIN_SLACK = 64 * 1024;
/** A body under this share of the warmed buffer gets fresh memory: a small body keeps no big buffer alive. */
const SPARE_MIN_USE = 1 / 2;
/** Writing one byte a page makes the kernel map the whole buffer. */
const PAGE_BYTES = 4096;

/** Reads request bodies; the memory for the next one can be readied while the proxy is idle. */
export interface BodyReader {
  /**
   * Reads a body whole, into memory the garden thread can read too (a SharedArrayBuffer): the body
   * crosses to it without a copy, and the proxy's thread keeps it to send as it came. When the
   * client states its length the bytes go straight to their place (no list of chunks joined at the
   * end, which would hold the body twice); each chunk's own memory is freed as soon as it is copied
   * (chunk-release.ts). Undefined when the body is over `max` bytes.
   */
  read(req: IncomingMessage, max: number): Promise<Buffer | undefined>;
  /**
   * Readies memory for a next body of about `bytes`, mapped now: fresh memory costs a page fault a
   * page when first written, which a megabytes-long body would otherwise pay chunk by chunk as it
   * arrives. Called once a request is upstream, while the model thinks.
   */
  warm(bytes: number): void;
}

export function createBodyReader(): BodyReader {
  let spare: SharedArrayBuffer | undefined;
  /** Memory for a body of stated length: the warmed buffer when the body fits it well (used once), else fresh. */
  const place = (stated: number): Buffer => {
    if (spare && spare.byteLength >= stated && stated >= spare.byteLength * SPARE_MIN_USE) {
      const into = Buffer.from(spare, 0, stated);
      spare = undefined;
      return into;
    }
    return Buffer.from(new SharedArrayBuffer(stated));
  };
  return {
    read: (req, max) => readInto(req, max, place),
    warm(bytes) {
      const size = Math.ceil(bytes + Math.max(SPARE_MIN_SLACK, bytes * SPARE_SLACK));
      if (spare && spare.byteLength >= size) return;
      spare = new SharedArrayBuffer(size);
      const view = new Uint8Array(spare);
      for (let at = 0; at < size; at += PAGE_BYTES) view[at] = 0;
    },
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
      // The size is taken first: a released chunk is detached and reads as empty.
      const at = size;
      size += chunk.length;
      if (!into) chunks.push(chunk);
      else {
        into.set(chunk, at);
        releaseChunk(chunk);
      }
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
    releaseChunk(chunk);
  }
  return out;
}
