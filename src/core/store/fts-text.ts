/**
 * What the full-text index holds of a stored text. A text under HUGE_INDEX_CHARS: all of it. A
 * longer one (a 100 MB log): its distinct lines, each once, up to LINE_BUDGET characters, then the
 * words of the rest not indexed yet, each once, up to WORD_BUDGET. Every word of a repetitive huge
 * text is still found (phrases within its lines too) while indexing it holds a few MB, not several
 * copies of the whole text and every position of every word in it.
 */
export const HUGE_INDEX_CHARS = 1 << 22;
const LINE_BUDGET = 1 << 22;
const WORD_BUDGET = 1 << 22;
/** Index words as FTS5's unicode61 tokenizer finds them: runs of letters, digits (and marks). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export function ftsText(text: string): string {
  return text.length < HUGE_INDEX_CHARS ? text : digest(text);
}

function digest(text: string): string {
  const lines = new Set<string>();
  const words = new Set<string>();
  let lineChars = 0;
  let wordChars = 0;
  for (let at = 0; at < text.length && wordChars < WORD_BUDGET;) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(at, end);
    at = end + 1;
    if (lines.has(line)) continue;
    if (lineChars + line.length <= LINE_BUDGET) {
      lines.add(line);
      lineChars += line.length + 1;
      continue;
    }
    for (const [word] of line.matchAll(WORD)) {
      const key = word.toLowerCase();
      if (words.has(key)) continue;
      words.add(key);
      wordChars += key.length + 1;
      if (wordChars >= WORD_BUDGET) break;
    }
  }
  // join() copies: the index text keeps no slice of the huge text alive.
  return [...lines, ...words].join('\n');
}

/**
 * The index text of the value being inserted, worked out from the string in hand, so the insert
 * trigger does not inflate a huge original again just to index it; the trigger takes it only for
 * that very value, and it gives what unpacking would (ftsText of the same text).
 */
let pending: { value: string | Buffer; text: string } | undefined;

/** Runs `insert` with the index text of a stored value known in advance (a huge original's). */
export function withIndexText<T>(value: string | Buffer, text: string, insert: () => T): T {
  if (text.length < HUGE_INDEX_CHARS) return insert();
  pending = { value, text: ftsText(text) };
  try {
    return insert();
  } finally {
    pending = undefined;
  }
}

/** The index text of a stored value when it is the one being inserted now. */
export function pendingIndexText(value: string | Uint8Array): string | undefined {
  if (!pending) return undefined;
  const same =
    typeof value === 'string'
      ? value === pending.value
      : typeof pending.value !== 'string' && Buffer.compare(value, pending.value) === 0;
  return same ? pending.text : undefined;
}
