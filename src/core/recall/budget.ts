import type { Tokenizer } from '../tokens/index.js';

/** A text is cut rather than dropped when at least this many tokens of budget remain for it. */
export const MIN_USEFUL_TOKENS = 40;

const MAX_CHARS_PER_TOKEN = 32;

export function cutNotice(id: string): string {
  return `\n… [cut to fit the recall budget; \`gardener show ${id}\` or fetch("${id}") has all of it]`;
}

/**
 * The longest prefix of text (cut at a line end when one is near) that, with the notice, fits in
 * `budget` tokens. Found by binary search on the length, as counting is not linear in characters.
 */
export function cutToFit(
  text: string,
  budget: number,
  notice: string,
  tokenizer: Tokenizer,
): string | undefined {
  const room = budget - tokenizer.count(notice);
  if (room <= 0) return undefined;
  let lo = 0;
  // Text averages ~4 characters a token; looking past 32 a token on a huge text only costs time.
  let hi = Math.min(text.length, room * MAX_CHARS_PER_TOKEN);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (tokenizer.count(text.slice(0, mid)) <= room) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 0) return undefined;
  const lineEnd = text.lastIndexOf('\n', lo);
  const cut = lineEnd > lo * 0.8 ? lineEnd : lo;
  return text.slice(0, cut) + notice;
}

export interface Budgeted<T> {
  items: T[];
  truncated: boolean;
  tokens: number;
}

/**
 * Keeps items in order while their texts fit in `maxTokens` together; the first item that does not
 * fit is cut to the room left (if that is useful), and the rest are dropped.
 */
export function fitToBudget<T extends { id: string; text: string }>(
  items: readonly T[],
  maxTokens: number,
  tokenizer: Tokenizer,
): Budgeted<T> {
  const kept: T[] = [];
  let used = 0;
  for (const item of items) {
    const cost = tokenizer.count(item.text);
    if (used + cost <= maxTokens) {
      kept.push(item);
      used += cost;
      continue;
    }
    const room = maxTokens - used;
    if (room >= MIN_USEFUL_TOKENS || kept.length === 0) {
      const text = cutToFit(item.text, room, cutNotice(item.id), tokenizer);
      if (text !== undefined) {
        kept.push({ ...item, text });
        used += tokenizer.count(text);
      }
    }
    return { items: kept, truncated: true, tokens: used };
  }
  return { items: kept, truncated: false, tokens: used };
}
