import { debug } from '../../../debug.js';
import type { DoorSession } from '../../kit/session.js';
import {
  applyMarks,
  billsCost,
  modelOf,
  ownMarks,
  placeBreakpoints,
  recordRequest,
  requestUnits,
  type CacheTrack,
  type ClientMark,
  type ModelledBills,
} from '../../../core/cache/index.js';
import { defaultTokenizer } from '../../../core/tokens/index.js';
import {
  toRequest,
  type MessageParam,
  type MessagesRequest,
  type Transcript,
} from '../../../core/transcript/index.js';

/** The chat's own breakpoints as a client: the core's (the system prompt, the newest block). */
export function chatMarks(request: MessagesRequest, conversation: readonly MessageParam[]): ClientMark[] {
  return ownMarks(request, conversation);
}

/** What the chat's send step needs of the loop. */
export interface CacheSendDeps {
  session: DoorSession;
  transcript: Transcript;
  /** The chat's own breakpoints on a request of `conversation` (`chatMarks` above, or a benchmark's own). */
  marks(request: MessagesRequest, conversation: readonly MessageParam[]): ClientMark[];
}

/**
 * The gardened request as the chat sends it: its own breakpoints (the system prompt, then the
 * newest block of the conversation as it stands — not the turn's injection after it) and
 * gardener's, placed by the core's one placer as the proxy places them. Both it and the same
 * request unmanaged (every block original) are billed by the track at `at` at the prices of the
 * request's model, and the session's regret guard is told, so profit events stop once the session
 * runs over its unmanaged cost. The bills go back too: the footer's cost against unmanaged is made of them.
 */
export function sendWithCacheTrack(
  deps: CacheSendDeps,
  track: CacheTrack,
  gardened: MessagesRequest,
  at: number,
): { request: MessagesRequest; bills?: ModelledBills } {
  const tokenizer = defaultTokenizer();
  const conversation = deps.transcript.messages;
  const placed = placeBreakpoints(gardened, deps.marks(gardened, conversation), track, { tokenizer, at });
  try {
    const raw = toRequest(deps.transcript);
    const unmanaged = requestUnits(applyMarks(raw, deps.marks(raw, conversation)), tokenizer);
    const model = modelOf(gardened);
    const bills = recordRequest(track, placed.units, unmanaged, at, model);
    deps.session.garden.observeCost(billsCost(bills, model));
    return { request: placed.request, bills };
  } catch (error) {
    // A request the model cannot bill (more breakpoints than it allows) tells the guard nothing.
    debug('chat', 'cache model could not bill the request', {
      error: error instanceof Error ? error.message : String(error),
    });
    return { request: placed.request };
  }
}
