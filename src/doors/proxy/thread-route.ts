import { createLru } from '../../core/lru/index.js';
import { commonPrefix } from '../../core/transcript/index.js';

/**
 * Bytes of a body new to the proxy (not shared with an earlier body) from which it may take seconds
 * to garden (a huge new tool output to count, compress and store): such a body goes to a thread of
 * its own, so the other conversations' requests never queue behind it.
 */
export const BIG_BODY_BYTES = 4 * 1024 * 1024;
/** Recent bodies kept to tell a big body's new bytes: as many as the garden thread keeps to parse from. */
const RECENT_BODIES = 32;
/** They stay under this many bytes together (the garden thread keeps the same bytes: shared memory). */
const MAX_RECENT_BYTES = 64 * 1024 * 1024;

/**
 * Which garden thread a body goes to. What costs a garden thread time is what a body adds to its
 * conversation, not its size: a long conversation's body crosses BIG_BODY_BYTES with a few kB new and
 * stays on its thread (moving would reopen its garden from the store and parse it whole, seconds).
 * A body goes to `big` only when its new bytes (those after what it shares with the nearest recent
 * body) are that many.
 */
export interface ThreadRoute<T> {
  /**
   * The thread for a body (`small` when under BIG_BODY_BYTES, else by its new bytes) and its new
   * bytes (its size when under BIG_BODY_BYTES: not compared).
   */
  pick(raw: Buffer): { thread: T; newBytes: number };
  /** A conversation's body was gardened on `thread`: its next body is compared with this one. */
  gardened(conversation: string, raw: Buffer, thread: T): void;
}

export function createThreadRoute<T>(small: T, big: T): ThreadRoute<T> {
  const recent = createLru<string, { raw: Buffer; thread: T }>({
    maxEntries: RECENT_BODIES,
    maxWeight: MAX_RECENT_BYTES,
    weigh: (body) => body.raw.byteLength,
  });
  /** The bytes of `raw` after what it shares with the nearest recent body, and that body. */
  const newBytes = (raw: Buffer): { bytes: number; near?: { shared: number; thread: T } } => {
    let near: { shared: number; thread: T } | undefined;
    for (const body of recent.values()) {
      const shared = commonPrefix(body.raw, raw);
      if (!near || shared > near.shared) near = { shared, thread: body.thread };
    }
    return near ? { bytes: raw.byteLength - near.shared, near } : { bytes: raw.byteLength };
  };
  return {
    pick(raw) {
      if (raw.byteLength < BIG_BODY_BYTES) return { thread: small, newBytes: raw.byteLength };
      const { bytes, near } = newBytes(raw);
      return { thread: near && bytes < BIG_BODY_BYTES ? near.thread : big, newBytes: bytes };
    },
    gardened(conversation, raw, thread) {
      recent.delete(conversation);
      if (raw.byteLength <= MAX_RECENT_BYTES) recent.set(conversation, { raw, thread });
    },
  };
}
