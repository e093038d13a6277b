import {
  applyMarks,
  billsCost,
  clientMark,
  createCacheTrack,
  modelOf,
  placeBreakpoints,
  recordRequest,
  requestUnits,
  type ClientMark,
} from '../../core/cache/index.js';
import type { Tokenizer } from '../../core/tokens/index.js';
import type { MessageParam, MessagesRequest } from '../../core/transcript/index.js';
import type { BlockMark } from './types.js';

/** One call as the proxy door would send it, and both sides' modelled cost for the regret guard. */
export interface ProxySent {
  /** Message blocks marked: the client's (its last block) and gardener's, placed by the cache track. */
  marks: BlockMark[];
  /** Modelled cost of the request sent and of the client's own request, in input-token units. */
  costs: { managed: number; unmanaged: number };
}

type Json = Record<string, unknown>;

/**
 * Claude Code's breakpoints on a request, as the client the bench replays: its last system block
 * and `mark` (by default the request's own last block; for a rendered request, the position of the
 * client's, as the proxy takes it off and the core's placer puts it back). The system mark is the
 * one the placer can free for gardener's second breakpoint; a string system prompt carries none,
 * which leaves the same room.
 */
export function claudeCodeMarks(
  request: MessagesRequest,
  mark: BlockMark | undefined = clientMark(request.messages),
): ClientMark[] {
  const marks: ClientMark[] = [];
  if (Array.isArray(request.system) && request.system.length > 0)
    marks.push({ message: 'system', block: request.system.length - 1 });
  if (mark) marks.push(mark);
  return marks;
}

/**
 * A request as Claude Code sends it: a message whose content is a string (formats without blocks)
 * goes as one text block (the cache sees the same content, and a breakpoint has a block to stand
 * on), with Claude Code's breakpoints on.
 */
export function withClientMarks(
  request: MessagesRequest,
  mark: BlockMark | undefined = clientMark(request.messages),
): MessagesRequest {
  const out = { ...request, messages: request.messages.map(asBlocks) };
  return applyMarks(out, claudeCodeMarks(out, mark));
}

function asBlocks(message: MessageParam): MessageParam {
  if (typeof message.content !== 'string' || message.content === '') return message;
  return { ...message, content: [{ type: 'text', text: message.content }] };
}

function marksOf(request: MessagesRequest): BlockMark[] {
  const marks: BlockMark[] = [];
  request.messages.forEach((message, m) => {
    if (typeof message.content === 'string') return;
    (message.content as unknown as Json[]).forEach((block, b) => {
      if (block['cache_control']) marks.push({ message: m, block: b });
    });
  });
  return marks;
}

/**
 * The proxy door's sending, replayed: each rendered request gets the client's breakpoints and
 * gardener's from the core's one placer (placeBreakpoints, as src/doors/proxy/gardening.ts places
 * them), and both it and the client's own request are billed by the track at the call's time.
 */
export function createProxySend(tokenizer: Tokenizer): {
  send(rendered: MessagesRequest, original: MessagesRequest, at: number): ProxySent;
} {
  const track = createCacheTrack();
  return {
    send(rendered, original, at) {
      const client = clientMark(original.messages);
      const request = { ...rendered, messages: rendered.messages.map(asBlocks) };
      const placed = placeBreakpoints(request, claudeCodeMarks(request, client), track, { tokenizer, at });
      const unmanaged = requestUnits(withClientMarks(original), tokenizer);
      const model = modelOf(rendered);
      const bills = recordRequest(track, placed.units, unmanaged, at, model);
      return { marks: marksOf(placed.request), costs: billsCost(bills, model) };
    },
  };
}
