import { clientMark, markBlock } from '../../core/cache/index.js';
import { createCacheTrack, placeFrontier, recordRequest } from '../../core/cache/index.js';
import { requestUnits } from '../../core/cache/index.js';
import { usageCost } from '../../core/cache/index.js';
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
const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * Claude Code's breakpoints on a request: its last system block and `mark` (by default the request's
 * own last block; for a rendered request, the position of the client's, as the proxy restores it).
 * The system mark is the one the proxy can free for gardener's second breakpoint; a string system
 * prompt carries none, which leaves the same room. A message whose content is a string (formats
 * without blocks) goes as one text block, as Claude Code sends it: the cache sees the same content,
 * and a breakpoint has a block to stand on.
 */
export function withClientMarks(
  request: MessagesRequest,
  mark: BlockMark | undefined = clientMark(request.messages),
): MessagesRequest {
  const out = { ...request };
  if (Array.isArray(request.system) && request.system.length > 0) {
    const system = [...(request.system as unknown as Json[])];
    system[system.length - 1] = { ...system.at(-1), cache_control: EPHEMERAL };
    out.system = system as unknown as MessagesRequest['system'];
  }
  out.messages = request.messages.map(asBlocks);
  return mark ? markBlock(out, mark) : out;
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
 * The proxy door's sending, replayed: each rendered request gets the client's breakpoints, then
 * gardener's from the core's cache track (placeFrontier, as src/doors/proxy/gardening.ts places them), and
 * both it and the client's own request are billed by the track at the call's time.
 */
export function createProxySend(tokenizer: Tokenizer): {
  send(rendered: MessagesRequest, original: MessagesRequest, at: number): ProxySent;
} {
  const track = createCacheTrack();
  return {
    send(rendered, original, at) {
      const client = clientMark(original.messages);
      const placed = placeFrontier(withClientMarks(rendered, client), track, tokenizer, at);
      const unmanaged = requestUnits(withClientMarks(original), tokenizer);
      const bills = recordRequest(track, placed.units, unmanaged, at);
      return {
        marks: marksOf(placed.request),
        costs: { managed: usageCost(bills.sent), unmanaged: usageCost(bills.raw) },
      };
    },
  };
}
