import { debug } from '../../../debug.js';
import { placeCacheBreakpoints } from '../../kit/provider/cache-breakpoints.js';
import type { DoorSession } from '../../kit/session.js';
import { clientMark, markBlock } from '../../../core/cache/index.js';
import {
  placeFrontier,
  recordRequest,
  type CacheTrack,
  type ModelledBills,
} from '../../../core/cache/index.js';
import { requestUnits } from '../../../core/cache/index.js';
import { usageCost } from '../../../core/cache/index.js';
import { defaultTokenizer } from '../../../core/tokens/index.js';
import { toRequest, type MessagesRequest, type Transcript } from '../../../core/transcript/index.js';

/** Breakpoints the chat adds after its own: the conversation's newest block and gardener's two. */
const ADDED_BREAKPOINTS = 3;

/**
 * The chat's own prompt-cache breakpoints: the system prompt (and the tools, when there is none to
 * cover them). The rest go on when the request is sent (`sendWithCacheTrack`): the newest block
 * of the conversation, and gardener's, placed by the core's cache track as the proxy places them.
 */
export function prepareRequest(request: MessagesRequest): MessagesRequest {
  return placeCacheBreakpoints(request, { stableMessages: 0, leave: ADDED_BREAKPOINTS });
}

/** What the chat's send step needs of the loop. */
export interface CacheSendDeps {
  session: DoorSession;
  transcript: Transcript;
  /** The chat's own breakpoints: system and tools (`prepareRequest` above, or a benchmark's own). */
  prepare(request: MessagesRequest): MessagesRequest;
}

/**
 * A request with the chat's own breakpoints: system and tools (deps.prepare), and the newest block
 * of the conversation as it stands (on a rendered request, not the turn's injection after it).
 */
export function withOwnMarks(deps: CacheSendDeps, request: MessagesRequest): MessagesRequest {
  const prepared = deps.prepare(request);
  const mark = clientMark(deps.transcript.messages);
  return mark ? markBlock(prepared, mark) : prepared;
}

/**
 * The gardened request as the chat sends it, breakpoints placed as the proxy places them: the
 * chat's own (system and tools, then the newest block of the conversation as it stands — not the
 * turn's injection after it), then gardener's from the core's cache track. Both it and the same
 * request unmanaged (every block original) are billed by the track at `at`, and the session's
 * regret guard is told, so profit events stop once the session runs over its unmanaged cost. The
 * bills go back too: the footer's cost against unmanaged is made of them.
 */
export function sendWithCacheTrack(
  deps: CacheSendDeps,
  track: CacheTrack,
  gardened: MessagesRequest,
  at: number,
): { request: MessagesRequest; bills?: ModelledBills } {
  const tokenizer = defaultTokenizer();
  const placed = placeFrontier(withOwnMarks(deps, gardened), track, tokenizer, at);
  try {
    const unmanaged = requestUnits(withOwnMarks(deps, toRequest(deps.transcript)), tokenizer);
    const bills = recordRequest(track, placed.units, unmanaged, at);
    deps.session.garden.observeCost({ managed: usageCost(bills.sent), unmanaged: usageCost(bills.raw) });
    return { request: placed.request, bills };
  } catch (error) {
    // A request the model cannot bill (more breakpoints than it allows) tells the guard nothing.
    debug('chat', 'cache model could not bill the request', {
      error: error instanceof Error ? error.message : String(error),
    });
    return { request: placed.request };
  }
}
