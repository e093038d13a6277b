import type { ContentClass } from '../../../core/classify/index.js';
import { openSessionWith } from '../../kit/session.js';
import { blockKey, partKey, type CompressFn } from '../../../core/garden/index.js';
import type { RetrievalWords } from '../../../core/garden/constants.js';
import type { Scope, Store } from '../../../core/store/index.js';
import { toolResultText, type MessageParam } from '../../../core/transcript/index.js';

/** The engine needs a budget; hooks never render a whole context, so any size does. */
const HOOK_BUDGET = 1_000_000;

/** What a hook stored of one block. */
export interface StoredBlock {
  id: string;
  cls: ContentClass;
  tokens: number;
}

/** What a hook stored of a turn, and the text its last tool result goes to the model as, when gardened. */
export interface StoredTurn {
  stored: StoredBlock[];
  /** The tool result's first-send form (summary and way back), when the engine chose one for it. */
  sent?: string;
}

export interface StoreOptions {
  /** Decide the last message's first-send form (plan/first-send.ts), naming the way back in these words. */
  firstSend?: RetrievalWords;
}

/**
 * Stores the blocks of a few messages (one tool call and its result, or one prompt) through the
 * engine, exactly as any other door would: classify → compress → store, secrets redacted by the
 * store, and injected regions stripped first. With `firstSend`, the engine also chooses the form the
 * newest message goes to the model in: Claude Code, not gardener, owns the context afterwards, so
 * this first send is the only moment a form can be chosen without changing what a cache or a
 * thinking block holds. No state is persisted. `compress`: the engine's compressor, passed in so the
 * prompt hook need not load the compressors.
 */
export function storeMessages(
  store: Store,
  scope: Scope,
  messages: MessageParam[],
  compress: CompressFn,
  options: StoreOptions = {},
): StoredTurn {
  const session = openSessionWith({
    store,
    scope,
    compress,
    budget: HOOK_BUDGET,
    config: {
      persist: false,
      inject: 'off',
      ...(options.firstSend ? { retrieval: options.firstSend } : {}),
    },
  });
  const transcript = { id: scope.session, format: 'anthropic' as const, messages };
  session.garden.sync(transcript);
  let sent: string | undefined;
  if (options.firstSend) {
    session.garden.settle();
    if (session.garden.compactAll({ firstSend: true }).changed > 0) sent = lastToolResult(session.garden);
  }
  session.close();
  return { stored: storedOf(store, scope, messages), ...(sent !== undefined ? { sent } : {}) };
}

/** The text of the newest message's tool result as the engine renders it now. */
function lastToolResult(garden: ReturnType<typeof openSessionWith>['garden']): string | undefined {
  const last = garden.render({ inject: false }).messages.at(-1);
  if (!last || typeof last.content === 'string') return undefined;
  const result = last.content.find((block) => block.type === 'tool_result');
  return result?.type === 'tool_result' ? toolResultText(result.content) : undefined;
}

/** The entries of the last message's blocks. */
function storedOf(store: Store, scope: Scope, messages: MessageParam[]): StoredBlock[] {
  const index = messages.length - 1;
  const last = messages[index];
  if (!last) return [];
  const content = last.content;
  if (typeof content === 'string')
    return found(store, scope, blockKey(index, 0, { type: 'text', text: content }, new Set()));
  return content.flatMap((block, b) => {
    const key = blockKey(index, b, block, new Set());
    // Images and documents in a tool result are stored as entries of their own.
    const parts = block.type === 'tool_result' && Array.isArray(block.content) ? block.content : [];
    return [...found(store, scope, key), ...parts.flatMap((_, i) => found(store, scope, partKey(key, i)))];
  });
}

function found(store: Store, scope: Scope, key: string): StoredBlock[] {
  const entry = store.findByBlockKey(scope, key);
  return entry ? [{ id: entry.id, cls: entry.class, tokens: entry.tokensOriginal }] : [];
}
