import type { MessagePrint, RequestPrint } from './prefix.js';

/** What the API records of a thinking block when it produces it. */
export interface BlockBinding {
  /** Digest of the block's prefix (system, tools, messages and own blocks before it; no thinking). */
  prefix: string;
  /** Key of the thinking block kept last before it in the producing request, if any. */
  predecessor: string | undefined;
  /** How many thinking blocks were kept before it then: a replay may keep fewer (from the start), never more. */
  depth: number;
  /** Where its prefix was, to name the first position a replay changed. */
  trail: Trail;
}

/** The parts of a block's prefix, each by digest. */
export interface Trail {
  tools: string;
  system: string;
  /** Chain digest of the messages before the block's own (undefined: none). */
  chain: string | undefined;
  /** Index of the block's own message. */
  message: number;
  /** Its own message's fields, and its blocks before the block. */
  meta: string;
  before: readonly string[];
}

/** The bindings of one account's conversations: what the API remembers of every block it produced. */
export interface BindingStore {
  readonly blocks: Map<string, BlockBinding>;
  /** Every message of a bound prefix, by its chain digest, with the chain digest before it. */
  readonly links: Map<string, { print: MessagePrint; parent: string | undefined }>;
}

export function createBindingStore(): BindingStore {
  return { blocks: new Map(), links: new Map() };
}

/** Remembers the request's messages as a chain (only the part not already held). */
export function holdChain(store: BindingStore, print: RequestPrint): void {
  for (let i = print.messages.length - 1; i >= 0; i--) {
    const digest = print.chain[i] as string;
    if (store.links.has(digest)) return;
    store.links.set(digest, { print: print.messages[i] as MessagePrint, parent: print.chain[i - 1] });
  }
}

/**
 * The first position of `print` that differs from a block's prefix when it was bound: `tools`,
 * `system` or `messages.K.content.J` (paths into the request as sent). Undefined when none does.
 */
export function firstChange(
  store: BindingStore,
  print: RequestPrint,
  trail: Trail,
  block: number,
): string | undefined {
  if (print.tools !== trail.tools) return 'tools';
  if (print.system !== trail.system) return 'system';
  const recorded: Array<{ print: MessagePrint; chain: string }> = [];
  for (let at = trail.chain; at !== undefined;) {
    const link = store.links.get(at);
    if (!link) break;
    recorded.push({ print: link.print, chain: at });
    at = link.parent;
  }
  recorded.reverse();
  for (const [k, then] of recorded.entries()) {
    const now = print.messages[k];
    if (!now) return `messages.${k}.content.0`;
    if (print.chain[k] !== then.chain)
      return `messages.${k}.content.${firstBlockChange(now, then.print.meta, then.print.blocks)}`;
  }
  const own = print.messages[trail.message];
  if (!own) return undefined;
  const nowBefore = own.at.filter((j) => j < block).length;
  const index = firstBlockChange(own, trail.meta, trail.before, Math.max(nowBefore, trail.before.length));
  // A block missing before it: the change is where the block now stands.
  return index === undefined ? undefined : `messages.${trail.message}.content.${Math.min(index, block)}`;
}

/**
 * Index in the content of the first block of `now` that differs from the blocks recorded (a
 * changed role or field: the first block). `upTo`: compare only that many blocks.
 */
function firstBlockChange(
  now: MessagePrint,
  meta: string,
  blocks: readonly string[],
  upTo?: number,
): number | undefined {
  if (now.meta !== meta) return now.at[0] ?? 0;
  const whole = upTo === undefined;
  const last = upTo ?? Math.max(blocks.length, now.blocks.length);
  for (let n = 0; n < last; n++)
    if (now.blocks[n] !== blocks[n]) return now.at[n] ?? (n > 0 ? (now.at[n - 1] as number) + 1 : 0);
  return whole ? (now.at[0] ?? 0) : undefined;
}
