/** Room a warmed buffer leaves over the size it was readied for: a conversation's next body is a little longer. */
const SLACK = 1 / 8;
const MIN_SLACK = 64 * 1024;
/** A buffer under this share of the warmed one gets fresh memory: a small body keeps no big buffer alive. */
const MIN_USE = 1 / 2;
/** Writing one byte a page makes the kernel map the whole buffer. */
const PAGE_BYTES = 4096;

/**
 * Memory for a proxy's next body, mapped ahead. Fresh memory costs a page fault a page when first
 * written: a megabytes-long body pays it on the request's path, chunk by chunk. A buffer readied
 * while the proxy is idle (the model thinking) pays it there instead.
 */
export interface WarmMemory<B extends ArrayBufferLike> {
  /** A buffer of at least `bytes`: the warmed one when it fits well (given once), else a fresh one of `bytes`. */
  take(bytes: number): B;
  /** Readies a buffer for a next body of about `bytes`, its pages mapped now. */
  warm(bytes: number): void;
}

export function createWarmMemory<B extends ArrayBufferLike>(make: (bytes: number) => B): WarmMemory<B> {
  let spare: B | undefined;
  return {
    take(bytes) {
      if (spare && spare.byteLength >= bytes && bytes >= spare.byteLength * MIN_USE) {
        const taken = spare;
        spare = undefined;
        return taken;
      }
      return make(bytes);
    },
    warm(bytes) {
      const size = Math.ceil(bytes + Math.max(MIN_SLACK, bytes * SLACK));
      if (spare && spare.byteLength >= size) return;
      spare = make(size);
      const view = new Uint8Array(spare);
      for (let at = 0; at < size; at += PAGE_BYTES) view[at] = 0;
    },
  };
}
