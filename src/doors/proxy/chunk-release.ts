import { MessageChannel, type MessagePort } from 'node:worker_threads';

/** Chunks under this are left to the collector: freeing one costs a few microseconds, small ones count little. */
const MIN_RELEASED_BYTES = 16 * 1024;

let closedPort: MessagePort | undefined;

/**
 * Frees a body chunk's memory now, once its bytes were copied where they belong. The HTTP parser
 * gives each chunk a fresh ArrayBuffer outside V8's heap, and V8 counts such memory made since its
 * last full collection against the old generation's limit until a collection finds it dead: a
 * megabytes-long body would start a full collection every few requests. A buffer transferred on a
 * closed port is detached and its memory freed at once (the message goes nowhere). Only a chunk
 * that is the whole of its own ArrayBuffer is freed (never a slice of a pool or of shared memory);
 * nothing may read it afterwards. True when it was freed.
 */
export function releaseChunk(chunk: Uint8Array): boolean {
  const { buffer } = chunk;
  if (buffer instanceof SharedArrayBuffer || chunk.byteOffset !== 0) return false;
  if (chunk.byteLength !== buffer.byteLength || buffer.byteLength < MIN_RELEASED_BYTES) return false;
  closedPort ??= newClosedPort();
  closedPort.postMessage(null, [buffer]);
  return true;
}

function newClosedPort(): MessagePort {
  const { port1 } = new MessageChannel();
  port1.close();
  return port1;
}
