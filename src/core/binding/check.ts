import { blockPrefix, blocksBefore, printMessage, printRequest, type PrefixMemo } from './prefix.js';
import { firstChange, holdChain, type BindingStore } from './store.js';

type Json = Record<string, unknown>;

/** A thinking block the prefix check fails, by its path in the request as sent. */
export interface BindingFailure {
  /** `messages.{i}.content.{j}`. */
  path: string;
  kind: 'thinking' | 'redacted_thinking';
  /**
   * `prefix`: something before it changed since it was produced; `chain`: the thinking block kept
   * before it is not the one it was produced after; `after`: an earlier block failed.
   */
  reason: 'prefix' | 'chain' | 'after';
}

/** The verdict on one request. */
export interface BindingCheck {
  /** Every failing block, in order (after the first, all later thinking blocks). */
  failures: BindingFailure[];
  /** Paths of thinking blocks never bound (not produced here, or by a model that binds none). */
  unknown: string[];
  /** The first changed position for the first failure: `tools`, `system` or `messages.K.content.J`. */
  changedAt?: string;
}

/**
 * The API's prefix check on a request, against the bindings of the blocks it produced: walking the
 * thinking blocks in order, a block fails when its prefix differs from when it was produced, or when
 * the thinking block kept right before it is not its predecessor (a block with none before it passes
 * that part: removing from the start is allowed), or when it now has more thinking blocks before it
 * than when it was produced (one put back). Once one fails, every later one fails.
 */
export function checkRequest(request: Json, store: BindingStore, memo?: PrefixMemo): BindingCheck {
  const print = printRequest(request, memo);
  const result: BindingCheck = { failures: [], unknown: [] };
  let previous: { key: string; path: string } | undefined;
  let kept = 0;
  for (const [i, message] of print.messages.entries())
    for (const site of message.thinking) {
      const path = `messages.${i}.content.${site.block}`;
      if (result.failures.length > 0) {
        result.failures.push({ path, kind: site.kind, reason: 'after' });
        continue;
      }
      const binding = store.blocks.get(site.key);
      if (binding) {
        const prefix = blockPrefix(print, i, message.meta, blocksBefore(message, site.block));
        if (prefix !== binding.prefix) {
          result.failures.push({ path, kind: site.kind, reason: 'prefix' });
          result.changedAt = firstChange(store, print, binding.trail, site.block) ?? path;
          continue;
        }
        if (previous && (previous.key !== binding.predecessor || kept > binding.depth)) {
          result.failures.push({ path, kind: site.kind, reason: 'chain' });
          result.changedAt = previous.path;
          continue;
        }
      } else result.unknown.push(path);
      previous = { key: site.key, path };
      kept++;
    }
  return result;
}

export interface BindOptions {
  memo?: PrefixMemo;
  /** Paths of the request's thinking blocks dropped before the model saw them. */
  dropped?: ReadonlySet<string>;
}

/**
 * Records the bindings of the thinking blocks of a reply produced for `request`: each one's prefix
 * is the request's whole prefix and the reply's own earlier blocks; its predecessor, the last
 * thinking block kept in the request (not dropped) or earlier in the reply. Returns their keys.
 */
export function bindProduced(
  request: Json,
  reply: readonly unknown[],
  store: BindingStore,
  options: BindOptions = {},
): string[] {
  const print = printRequest(request, options.memo);
  let predecessor: string | undefined;
  let depth = 0;
  for (const [i, message] of print.messages.entries())
    for (const site of message.thinking)
      if (!options.dropped?.has(`messages.${i}.content.${site.block}`)) {
        predecessor = site.key;
        depth++;
      }
  const own = printMessage({ role: 'assistant', content: reply }, print.deferred);
  if (own.thinking.length > 0) holdChain(store, print);
  const at = print.messages.length;
  const bound: string[] = [];
  for (const site of own.thinking) {
    const before = blocksBefore(own, site.block);
    store.blocks.set(site.key, {
      prefix: blockPrefix(print, at, own.meta, before),
      predecessor,
      depth,
      trail: {
        tools: print.tools,
        system: print.system,
        chain: print.chain[at - 1],
        message: at,
        meta: own.meta,
        before,
      },
    });
    bound.push(site.key);
    predecessor = site.key;
    depth++;
  }
  return bound;
}
