import { buildInjection, RECALL_LIMIT, type CompressFn } from '../../../core/garden/index.js';
import { recall } from '../../../core/recall/index.js';
import { defaultTokenizer } from '../../../core/tokens/index.js';
import { mcpWords, type HookContext } from './context.js';
import type { HookPayload } from './payload.js';
import { addItems, loadIndex, saveIndex, sinceCompaction } from './session-index.js';
import { storedLine } from './state-text.js';
import { storeMessages } from './store-turn.js';

/**
 * The compressor the prompt is stored with: the engine never compresses what the user typed (the
 * first user message of a transcript is typed), so the compressors need not load for it.
 */
const PROMPT_ONLY: CompressFn = (_cls, text) => ({ text, helped: false, note: 'prompt: never compressed' });

/** Hard cap on the context block a prompt gets (tokens, markers included). */
export const DEFAULT_PROMPT_CONTEXT_TOKENS = 800;

/**
 * UserPromptSubmit: stores the prompt (class prompt), then answers with the layered context block
 *: always the notes and one line on what is stored; recall hits
 * for the prompt when it says enough to search for. Hard-capped, wrapped in gardener's injected
 * markers (so no door ever stores it back), and nothing at all when there is nothing to say.
 */
export function userPromptSubmit(
  payload: HookPayload,
  ctx: HookContext,
  maxTokens = DEFAULT_PROMPT_CONTEXT_TOKENS,
): string {
  const prompt = payload.prompt ?? '';
  let index = loadIndex(ctx.store, ctx.scope);
  if (prompt.trim() !== '') {
    const { stored } = storeMessages(ctx.store, ctx.scope, [{ role: 'user', content: prompt }], PROMPT_ONLY);
    index = addItems(
      index,
      stored.map((s) => ({ id: s.id, cls: s.cls, tokens: s.tokens, error: false, at: ctx.now() })),
    );
    saveIndex(ctx.store, ctx.scope, index);
  }
  const inContext = new Set(sinceCompaction(index).map((i) => i.id));
  const stats = ctx.store.stats(ctx.scope);
  const injection = buildInjection({
    mode: 'auto',
    maxTokens,
    query: prompt,
    notes: ctx.store.notes(ctx.scope),
    status: stats.entries > inContext.size ? [storedLine(stats, ctx.toolPrefix)] : [],
    compacted: { blocks: 0, before: 0, after: 0, byClass: [] },
    recall: (query, room) => recall(ctx.store, query, ctx.scope, { limit: RECALL_LIMIT, maxTokens: room }),
    inContext: (id) => inContext.has(id),
    tokenizer: defaultTokenizer(),
    words: mcpWords(ctx.toolPrefix),
  });
  if (!injection) return '';
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: injection.text },
  });
}
