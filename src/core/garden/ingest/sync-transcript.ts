import type { Transcript } from '../../transcript/index.js';
import type { Ledger } from '../ledger/ledger.js';
import { workingWindow } from '../plan/window.js';
import type { Session } from '../session/session.js';
import { countFixed } from '../view/figures.js';
import type { View } from '../view/view.js';
import { stubForgotten } from './changes.js';
import { takeMessages } from './release.js';
import { settleAsRead } from './settle-as-read.js';
import { settleOutsideWindow, settleWhere, type SettleOptions, type SettleResult } from './settle-where.js';
import { syncView, type SyncResult } from './sync.js';
import { bindNewThinking } from './thinking.js';

/**
 * Takes the transcript as it is now (Garden.sync): the view brought up to date, the system prompt and
 * tools counted when they change, the blocks the engine may shorten stored, and content forgotten
 * before stubbed again. A one-shot garden settles as it reads and keeps the messages' shells only.
 */
export function syncTranscript(
  view: View,
  session: Session,
  ledger: Ledger,
  transcript: Transcript,
): SyncResult {
  const { oneShot } = session.config;
  const asRead = oneShot ? settleAsRead(view, session, ledger.counters, transcript) : undefined;
  const { result, keep } = syncView(transcript, view, {
    session,
    ledger,
    ...(asRead ? { afterMessage: asRead.afterMessage } : {}),
  });
  view.transcript = oneShot ? takeMessages(view, transcript) : transcript;
  // Thinking produced since the last request is bound to that request, as the API bound it.
  if (view.thinking.bound) bindNewThinking(view, ledger, keep);
  // A door sends the same system prompt and tools every call: counted again only when they change.
  const fixedKey = JSON.stringify([transcript.system ?? null, transcript.tools ?? null]);
  if (fixedKey !== view.fixedKey) view.fixedTokens = countFixed(session.tokenizer, transcript);
  view.fixedKey = fixedKey;
  ledger.counters.markersStripped += result.stripped;
  const settled = settleOutsideWindow(view, session, ledger.counters, workingWindow(view, session));
  stubForgotten(view, session, ledger);
  result.pending = view.index.pending.size;
  for (const { byClass } of asRead ? [asRead.result, settled] : [settled])
    for (const [cls, row] of Object.entries(byClass)) {
      const into = (result.byClass[cls] ??= { blocks: 0, tokens: 0 });
      into.blocks += row.blocks;
      into.tokens += row.tokens;
    }
  return result;
}

/** Stores every pending block (or those a deadline leaves time for); forgotten content becomes stubs. */
export function settlePending(
  view: View,
  session: Session,
  ledger: Ledger,
  options?: SettleOptions,
): SettleResult {
  const result = settleWhere(view, session, ledger.counters, () => true, options);
  stubForgotten(view, session, ledger);
  return result;
}
