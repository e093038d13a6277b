import { createHash } from 'node:crypto';
import { canonicalDigest, joinDigests, unmarked } from './canonical.js';

type Json = Record<string, unknown>;

/** One thinking or redacted_thinking block of a message. */
export interface ThinkingSite {
  /** Index of the block in the message's content. */
  block: number;
  kind: 'thinking' | 'redacted_thinking';
  /** The block's identity: a digest of its signature (of its data when redacted). */
  key: string;
}

/** A message as the prefix check sees it. */
export interface MessagePrint {
  /** Digest of its role and fields other than content. */
  meta: string;
  /** Digests of its blocks that are not thinking, in order… */
  blocks: readonly string[];
  /** …and where each of them is in the content. */
  at: readonly number[];
  thinking: readonly ThinkingSite[];
  /** Digest of the whole message (meta and blocks). */
  digest: string;
}

/** A request as the prefix check sees it. */
export interface RequestPrint {
  tools: string;
  system: string;
  /** Digest of tools and system together: the start of every chain. */
  head: string;
  messages: readonly MessagePrint[];
  /** chain[i]: digest of the head and messages 0..i. */
  chain: readonly string[];
  /** Deferred tools by name, and the digest of each one's definition. */
  deferred: ReadonlyMap<string, string>;
}

/**
 * Remembers prints between requests of one conversation: a message object seen before is not
 * hashed again, and the chain of the messages a request shares with the last one is reused.
 */
export interface PrefixMemo {
  readonly messages: WeakMap<object, MessagePrint>;
  last?: { tools: unknown; system: unknown; messages: readonly unknown[]; print: RequestPrint };
}

export function createPrefixMemo(): PrefixMemo {
  return { messages: new WeakMap() };
}

const isThinking = (block: unknown): block is Json =>
  typeof block === 'object' &&
  block !== null &&
  ((block as Json)['type'] === 'thinking' || (block as Json)['type'] === 'redacted_thinking');

/** Identity of a thinking block: its signature (redacted: its data), which the API signed. */
export function thinkingKey(block: Json): string {
  const redacted = block['type'] === 'redacted_thinking';
  const secret = redacted ? block['data'] : block['signature'];
  return createHash('sha256')
    .update(redacted ? 'redacted\u0000' : 'thinking\u0000')
    .update(typeof secret === 'string' ? secret : '')
    .digest('base64url');
}

/** The tools as a set, without marks; a deferred tool counts only once a tool_addition names it. */
function toolsDigest(tools: unknown): { digest: string; deferred: ReadonlyMap<string, string> } {
  const deferred = new Map<string, string>();
  if (!Array.isArray(tools)) return { digest: canonicalDigest(tools ?? null, 'tools'), deferred };
  const loaded: string[] = [];
  for (const tool of tools) {
    const digest = canonicalDigest(unmarked(tool), 'tool');
    const record = (tool ?? {}) as Json;
    if (record['defer_loading'] === true) deferred.set(String(record['name']), digest);
    else loaded.push(digest);
  }
  return { digest: joinDigests(['tools', ...loaded.sort()]), deferred };
}

/** The system as sent: a string and a list of blocks stay different values. */
function systemDigest(system: unknown): string {
  const value = Array.isArray(system) ? system.map(unmarked) : (system ?? null);
  return canonicalDigest(value, 'system');
}

/** A message's print; `deferred`: the definitions a tool_addition in it brings into the prefix. */
export function printMessage(message: unknown, deferred: ReadonlyMap<string, string>): MessagePrint {
  const record = (message ?? {}) as Json;
  const fields: Json = {};
  for (const [key, value] of Object.entries(record)) if (key !== 'content') fields[key] = value;
  const meta = canonicalDigest(fields, 'message');
  // A string is the API's shorthand for one text block: both are the same content.
  const content = record['content'];
  const list: unknown[] = typeof content === 'string' ? [{ type: 'text', text: content }] : [];
  if (Array.isArray(content)) list.push(...(content as unknown[]));
  const blocks: string[] = [];
  const at: number[] = [];
  const thinking: ThinkingSite[] = [];
  list.forEach((block, j) => {
    if (isThinking(block)) {
      thinking.push({ block: j, kind: block['type'] as ThinkingSite['kind'], key: thinkingKey(block) });
      return;
    }
    const parts = [canonicalDigest(unmarked(block), 'block')];
    const added = toolAdded(block);
    if (added !== undefined) parts.push(deferred.get(added) ?? '');
    blocks.push(parts.length === 1 ? (parts[0] as string) : joinDigests(parts));
    at.push(j);
  });
  return { meta, blocks, at, thinking, digest: joinDigests([meta, ...blocks]) };
}

/** The tool a `tool_addition` block offers by reference, if the block is one. */
function toolAdded(block: unknown): string | undefined {
  const record = block as Json;
  if (record?.['type'] !== 'tool_addition') return undefined;
  const tool = record['tool'] as Json | undefined;
  return tool && typeof tool['name'] === 'string' ? tool['name'] : undefined;
}

const addsTools = (message: unknown): boolean =>
  Array.isArray((message as Json)?.['content']) &&
  ((message as Json)['content'] as unknown[]).some((block) => toolAdded(block) !== undefined);

/** The request's print, reusing what `memo` remembers of the conversation's earlier requests. */
export function printRequest(request: Json, memo?: PrefixMemo): RequestPrint {
  const messages = Array.isArray(request['messages']) ? (request['messages'] as unknown[]) : [];
  const last = memo?.last;
  const sameHead = last !== undefined && last.tools === request['tools'] && last.system === request['system'];
  const { digest: tools, deferred } = sameHead
    ? { digest: last.print.tools, deferred: last.print.deferred }
    : toolsDigest(request['tools']);
  const system = sameHead ? last.print.system : systemDigest(request['system']);
  const head = sameHead ? last.print.head : joinDigests(['head', tools, system]);
  let shared = 0;
  if (sameHead)
    while (
      shared < messages.length &&
      shared < last.messages.length &&
      last.messages[shared] === messages[shared]
    )
      shared++;
  const prints = sameHead ? last.print.messages.slice(0, shared) : [];
  const chain = sameHead ? last.print.chain.slice(0, shared) : [];
  for (let i = shared; i < messages.length; i++) {
    const message = messages[i];
    const keyed = typeof message === 'object' && message !== null && !addsTools(message);
    let print = keyed ? memo?.messages.get(message) : undefined;
    if (!print) {
      print = printMessage(message, deferred);
      if (keyed) memo?.messages.set(message, print);
    }
    prints.push(print);
    chain.push(joinDigests([chain.at(-1) ?? head, print.digest]));
  }
  const print: RequestPrint = { tools, system, head, messages: prints, chain, deferred };
  if (memo)
    memo.last = { tools: request['tools'], system: request['system'], messages: messages.slice(), print };
  return print;
}

/** Digest of the prefix of a block: the head, the messages before its own, its own blocks before it. */
export function blockPrefix(
  print: RequestPrint,
  message: number,
  meta: string,
  before: readonly string[],
): string {
  const chained = message > 0 ? (print.chain[message - 1] as string) : print.head;
  return joinDigests(['prefix', chained, meta, ...before]);
}

/** The non-thinking block digests of a message that come before content index `block`. */
export function blocksBefore(print: MessagePrint, block: number): readonly string[] {
  let n = 0;
  while (n < print.at.length && (print.at[n] as number) < block) n++;
  return print.blocks.slice(0, n);
}

/**
 * Digest of the prefix of the block at `messages[message].content[block]`: equal digests, the same
 * prefix as the prefix check sees it. `message` may be the request's length: a reply's first block.
 */
export function prefixDigest(
  request: Json,
  at: { message: number; block: number },
  memo?: PrefixMemo,
): string {
  const print = printRequest(request, memo);
  const own =
    at.message === print.messages.length
      ? printMessage({ role: 'assistant', content: [] }, print.deferred)
      : print.messages[at.message];
  if (!own || at.message < 0)
    throw new RangeError(`no message ${at.message} in a request of ${print.messages.length}`);
  return blockPrefix(print, at.message, own.meta, blocksBefore(own, at.block));
}
