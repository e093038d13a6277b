import { createHash } from 'node:crypto';
import { hashJson } from '../format/index.js';
import { countBlock, MESSAGE_OVERHEAD } from '../tokens/index.js';
import type { Tokenizer } from '../tokens/index.js';
import type { Block, MessageParam, MessagesRequest } from '../transcript/index.js';
import type { BreakpointTtl, CacheUnit } from './prompt-cache.js';
import { breakpointsIn } from './cache-frontier.js';
import { cacheModel } from './models.js';

type Json = Record<string, unknown>;

/**
 * A Messages request as the prompt cache sees it (prompt-cache.ts): one unit per tool, system block
 * and message block, in the API's cache order (tools, system, messages), each keyed by its content
 * without `cache_control` and flagged where it carries a breakpoint. The first block of a message
 * carries the message's role and overhead, so a changed role is a changed prefix. A thinking block
 * counts its reasoning on a model that keeps earlier turns' thinking (it is then input the API bills
 * and caches like any other), and nothing on one that drops it. With a memo, the
 * messages the last request priced with it shares (the same objects, from the first on) are not
 * walked again: their units are that request's.
 */
export function requestUnits(
  request: MessagesRequest,
  tokenizer: Tokenizer,
  memo?: UnitsMemo,
): readonly CacheUnit[] {
  const model = request['model'];
  const thinking = typeof model === 'string' && cacheModel(model).keepsThinking;
  if (memo && memo.thinking !== thinking) {
    // Units remembered under the other rule for thinking are not this request's.
    memo.objects = new WeakMap();
    delete memo.last;
    memo.thinking = thinking;
  }
  const last = memo?.last;
  const sameHead = last !== undefined && last.tools === request.tools && last.system === request.system;
  const units = sameHead ? last.units.slice(0, last.head) : headUnits(request, tokenizer, memo);
  const head = units.length;
  const shared = last ? sharedMessages(last.messages, request.messages) : 0;
  const starts = shared > 0 ? (last as PricedRequest).starts.slice(0, shared) : [];
  const breaks = shared > 0 ? (last as PricedRequest).breaks.slice(0, shared) : [];
  if (shared > 0) {
    const from = (last as PricedRequest).head;
    const to = from + ((last as PricedRequest).starts[shared] as number);
    for (let i = from; i < to; i++) units.push((last as PricedRequest).units[i] as CacheUnit);
  }
  let marks = shared > 0 ? ((last as PricedRequest).breaks[shared] as number) : 0;
  for (let m = shared; m < request.messages.length; m++) {
    const message = request.messages[m] as MessageParam;
    starts.push(units.length - head);
    breaks.push(marks);
    pushMessageUnits(units, message, { tokenizer, thinking }, memo);
    if (Array.isArray(message.content)) marks += breakpointsIn(message.content as unknown as Json[]);
  }
  starts.push(units.length - head);
  breaks.push(marks);
  if (memo) {
    const { tools, system } = request;
    memo.last = {
      tools,
      system,
      messages: request.messages.slice(),
      units,
      head,
      starts,
      breaks,
      serial: (last?.serial ?? 0) + 1,
      sameMessages: shared,
      sameUnits: last ? sameUnits(last, units, head, starts[shared] as number) : 0,
    };
  }
  return units;
}

/**
 * How many units, from the first, have the last request's keys: its head's, while they match, and
 * when the whole head does, the shared messages' too (`shared`: their units after the head).
 */
function sameUnits(last: PricedRequest, units: readonly CacheUnit[], head: number, shared: number): number {
  let i = 0;
  while (i < head && i < last.head && (last.units[i] as CacheUnit).key === (units[i] as CacheUnit).key) i++;
  return i === head && head === last.head ? head + shared : i;
}

/** The units of the tools and the system. */
function headUnits(request: MessagesRequest, tokenizer: Tokenizer, memo: UnitsMemo | undefined): CacheUnit[] {
  const units: CacheUnit[] = [];
  for (const tool of (request.tools ?? []) as unknown as Json[])
    units.push(fixedUnit(tool, memo, () => tokenizer.count(JSON.stringify(tool))));
  if (typeof request.system === 'string') {
    if (request.system !== '')
      units.push({ key: digest(request.system), tokens: tokenizer.count(request.system) });
  } else if (Array.isArray(request.system))
    for (const block of request.system as unknown as Json[])
      units.push(
        fixedUnit(block, memo, () => tokenizer.count(typeof block['text'] === 'string' ? block['text'] : '')),
      );
  return units;
}

/** How many messages, from the first, are the same objects in both lists. */
export function sharedMessages(before: readonly unknown[], now: readonly unknown[]): number {
  const most = Math.min(before.length, now.length);
  let m = 0;
  while (m < most && before[m] === now[m]) m++;
  return m;
}

/**
 * Keys and counts of a message's units (and of a tool's or system block's), remembered per object: a door that renders the same
 * objects call after call (the engine keeps a message's rendering until one of its blocks changes)
 * then serialises, hashes and counts only what is new. Content is never changed in place here (a
 * breakpoint is placed on a copy), so the object stands for its content, and for its breakpoints too:
 * a message the last request had, the same object, has the same units.
 */
export interface UnitsMemo {
  objects: WeakMap<object, readonly CacheUnit[]>;
  /** Whether the units remembered count thinking (the model of the requests priced keeps it). */
  thinking?: boolean;
  /** The last request priced with this memo. */
  last?: PricedRequest;
}

/** A request's units, with what it was priced from (its messages: a copy of the list, the same objects). */
export interface PricedRequest {
  tools: unknown;
  system: unknown;
  messages: readonly MessageParam[];
  units: readonly CacheUnit[];
  /** Units of the tools and the system (the first ones). */
  head: number;
  /** Where each message's units start, after the head; then where the last one's end. */
  starts: readonly number[];
  /** Breakpoints (as countBreakpoints counts them) in the messages before each one; then in all. */
  breaks: readonly number[];
  /** Counts the requests priced with the memo: which one this is. */
  serial: number;
  /** Messages, from the first, that are the same objects as the request priced before this one's. */
  sameMessages: number;
  /** Units, from the first, with the same keys as the request priced before this one's. */
  sameUnits: number;
}

export function createUnitsMemo(): UnitsMemo {
  return { objects: new WeakMap() };
}

/** Puts a message's units at the end of `into` (no list of its own: a request has thousands). */
function pushMessageUnits(
  into: CacheUnit[],
  message: MessageParam,
  counting: { tokenizer: Tokenizer; thinking: boolean },
  memo: UnitsMemo | undefined,
): void {
  const { tokenizer, thinking } = counting;
  const content = message.content;
  let known = memo?.objects.get(message);
  if (!known) {
    const blocks: Json[] =
      typeof content === 'string' ? [{ type: 'text', text: content }] : (content as unknown as Json[]);
    known =
      blocks.length === 0
        ? [{ key: digest(message.role), tokens: MESSAGE_OVERHEAD }]
        : blocks.map((block, j) => ({
            key: j === 0 ? keyOf(block, `${message.role}\u0000`) : keyOf(block),
            tokens:
              countBlock(tokenizer, block as unknown as Block, { includeThinking: thinking }) +
              (j === 0 ? MESSAGE_OVERHEAD : 0),
          }));
    memo?.objects.set(message, known);
  }
  // The remembered units carry no breakpoint and are shared, never changed: a marked block gets a
  // copy. A string content (one text block of its own) and an empty one carry none.
  if (typeof content === 'string' || content.length === 0) {
    for (const unit of known) into.push(unit);
    return;
  }
  for (let j = 0; j < known.length; j++) {
    const unit = known[j] as CacheUnit;
    const ttl = ttlOf(content[j] as unknown as Json);
    into.push(ttl ? { ...unit, breakpoint: ttl } : unit);
  }
}

/**
 * The unit of a tool or system block, its key and count remembered per object as a message's are
 * (a client sends the same tools every call: they are not serialised, hashed and counted again).
 */
function fixedUnit(block: Json, memo: UnitsMemo | undefined, count: () => number): CacheUnit {
  let known = memo?.objects.get(block)?.[0];
  if (!known) {
    known = { key: keyOf(block), tokens: count() };
    memo?.objects.set(block, [known]);
  }
  const ttl = ttlOf(block);
  return ttl ? { ...known, breakpoint: ttl } : known;
}

/** The block's breakpoint TTL, if it carries one (a tool_result's own parts count for it). */
export function ttlOf(block: Json): BreakpointTtl | undefined {
  const control = block['cache_control'];
  if (control && typeof control === 'object') return (control as Json)['ttl'] === '1h' ? '1h' : '5m';
  if (block['type'] === 'tool_result' && Array.isArray(block['content']))
    for (const part of block['content'] as Json[]) {
      const ttl = part && typeof part === 'object' ? ttlOf(part) : undefined;
      if (ttl) return ttl;
    }
  return undefined;
}

/** The block's identity without its cache_control marks (moving a breakpoint changes no bytes of content). */
function keyOf(block: Json, prefix = ''): string {
  // The JSON is hashed as it is made: a block holding a huge text is never serialised whole.
  return hashJson(createHash('sha1').update(prefix), block, NOT_CONTENT).digest('base64');
}

const NOT_CONTENT: ReadonlySet<string> = new Set(['cache_control']);

/** A short digest stands for the content: a conversation's keys are held between requests. */
function digest(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}
