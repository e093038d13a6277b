import type { ContentClass } from '../../../core/classify/index.js';
import { openSessionWith } from '../../kit/session.js';
import { blockKey, partKey, type CompressFn } from '../../../core/garden/index.js';
import type { Scope, Store } from '../../../core/store/index.js';
import type { MessageParam } from '../../../core/transcript/index.js';

/** The engine needs a budget; hooks never render, so any size does. */
const HOOK_BUDGET = 1_000_000;

/** What a hook stored of one block. */
export interface StoredBlock {
  id: string;
  cls: ContentClass;
  tokens: number;
}

/**
 * Stores the blocks of a few messages (one tool call and its result, or one prompt) through the
 * engine, exactly as any other door would: classify → compress → store, secrets redacted by the
 * store, and injected regions stripped first. Nothing is rendered and no state is persisted (Claude
 * Code, not gardener, owns this context). Returns the entries of the last message's blocks.
 * `compress`: the engine's compressor, passed in so the prompt hook need not load the compressors.
 */
export function storeMessages(
  store: Store,
  scope: Scope,
  messages: MessageParam[],
  compress: CompressFn,
): StoredBlock[] {
  const session = openSessionWith({
    store,
    scope,
    compress,
    budget: HOOK_BUDGET,
    config: { persist: false, inject: 'off' },
  });
  session.garden.sync({ id: scope.session, format: 'anthropic', messages });
  session.close();
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
