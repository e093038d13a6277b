import { GardenerError } from '../../../errors.js';
import type { MessageParam, MessagesRequest, Transcript } from '../../transcript/index.js';
import { calibrate, scale, type Anchor } from '../ledger/calibration.js';
import type { Session } from '../session/session.js';
import { estimate } from '../view/figures.js';
import type { View } from '../view/view.js';
import { shownBlock } from './read-back.js';
import { appendInjection, eachMessage, heldBlock, renderMessages, type BlockOf } from './render.js';
import { turnInjection } from './turn-injection.js';

/** A request whose messages are rendered as they are read (Garden.renderEach). */
export interface StreamedRequest {
  system?: MessagesRequest['system'];
  tools?: MessagesRequest['tools'];
  messages: Iterable<MessageParam>;
  [key: string]: unknown;
}

/** A rendered request and what it counts: its estimated tokens before injection, and the injection's. */
export interface RenderedRequest<R> {
  request: R;
  tokens: number;
  injected: number;
  /**
   * Where thinking is bound to what was sent (preserved thinking), the injection made now: once sent
   * it stays in its message (ingest/observe.ts keeps it there).
   */
  kept?: { message: number; text: string; tokens: number };
}

/**
 * The request as the view renders now, with recall injection in the newest user turn when asked
 * (within what the budget leaves, on the provider's calibrated count).
 */
export function renderRequest(
  view: View,
  session: Session,
  anchor: Anchor | undefined,
  inject: boolean,
): RenderedRequest<MessagesRequest> {
  const transcript = synced(view);
  const messages = renderMessages(view, blockReader(session));
  const tokens = estimate(view);
  let injected = 0;
  let kept: RenderedRequest<MessagesRequest>['kept'];
  // A newest message that holds its injection already (a request sent again) gets no second one.
  if (inject && !view.messages.at(-1)?.injection) {
    const room = Math.floor((session.budget - calibrate(tokens, anchor)) / scale(anchor));
    const injection = turnInjection(view, session, Math.min(session.config.injectMaxTokens, room));
    if (injection) {
      messages[messages.length - 1] = appendInjection(messages[messages.length - 1]!, injection.text);
      injected = injection.tokens;
      if (view.thinking.bound)
        kept = { message: messages.length - 1, text: injection.text, tokens: injection.tokens };
    }
  }
  return { request: withHead(transcript, messages), tokens, injected, ...(kept ? { kept } : {}) };
}

/** The same without injection, its messages rendered one at a time as they are read. */
export function renderEachRequest(view: View, session: Session): RenderedRequest<StreamedRequest> {
  const transcript = synced(view);
  const tokens = estimate(view);
  return { request: withHead(transcript, eachMessage(view, blockReader(session))), tokens, injected: 0 };
}

/** How a render gets each slot's block: a one-shot garden rebuilds those it let go. */
function blockReader(session: Session): BlockOf {
  if (!session.config.oneShot) return heldBlock;
  return (slot) => shownBlock(slot, session.store, session.config.retrieval);
}

function synced(view: View): Transcript {
  if (view.transcript === undefined)
    throw new GardenerError('USAGE', 'render() needs a transcript: call sync() first');
  return view.transcript;
}

/** The request around rendered messages: the transcript's other fields, system prompt and tools. */
function withHead<M extends Iterable<MessageParam>>(
  transcript: Transcript,
  messages: M,
): StreamedRequest & { messages: M } {
  const request: StreamedRequest & { messages: M } = { ...(transcript.extra ?? {}), messages };
  if (transcript.system !== undefined) request.system = transcript.system;
  if (transcript.tools !== undefined) request.tools = transcript.tools;
  return request;
}
