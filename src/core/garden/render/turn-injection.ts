import { recall } from '../../recall/index.js';
import type { Session } from '../session/session.js';
import { latestTypedText, newestTypedText } from '../view/recent.js';
import { shownInFull } from '../view/view-index.js';
import type { View } from '../view/view.js';
import { buildInjection, RECALL_LIMIT, type Injection, type InjectionInput } from './inject.js';

/** What is shortened now, for the cheap layer's one line. */
export function compactedSummary(view: View): InjectionInput['compacted'] {
  const { blocks, before, after, byClass } = view.index.compacted;
  return {
    blocks,
    before,
    after,
    byClass: [...byClass].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
  };
}

/**
 * The injection for the newest user turn, if any: only on a user turn, only when the user typed
 * something in it (mode `full`: on any user turn, querying the latest typed text).
 */
export function turnInjection(view: View, session: Session, maxTokens: number): Injection | undefined {
  const { store, scope } = session;
  const mode = session.config.inject;
  const last = view.messages[view.messages.length - 1];
  if (mode === 'off' || last?.role !== 'user' || last.passthrough) return undefined;
  const typed = newestTypedText(view);
  if (typed === '' && mode !== 'full') return undefined;
  const inContext = (id: string) => shownInFull(view.index, id);
  return buildInjection({
    mode,
    maxTokens,
    query: typed || latestTypedText(view),
    notes: store.notes(scope, { pinnedOnly: true }),
    compacted: compactedSummary(view),
    recall: (query, room) => recall(store, query, scope, { maxTokens: room, limit: RECALL_LIMIT, inContext }),
    inContext,
    tokenizer: session.tokenizer,
    words: session.config.retrieval,
  });
}
