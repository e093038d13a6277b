/**
 * Counting tokens of one pre-tokenizer piece with cl100k's byte-pair merge ranks, as js-tiktoken
 * encodes it, without building js-tiktoken's encoder (two maps of 100k byte-list strings, ~0.4 s of
 * CPU in every process that counts a token). The ranks are keyed by their bytes as a latin1 string
 * (one character a byte), which is what `atob` gives of the table's base64.
 */

/** js-tiktoken's rank table: lines of `<name> <first rank> <base64 token> <base64 token> …`. */
export interface RankTable {
  pat_str: string;
  bpe_ranks: string;
}

export interface Ranks {
  /** Rank of a token by its bytes as a latin1 string. */
  byBytes: Map<string, number>;
  /** The pre-tokenizer pattern (the piece splitter). */
  pattern: RegExp;
}

/** The rank map of a table (about 100k entries for cl100k; a few tens of milliseconds). */
export function loadRanks(table: RankTable): Ranks {
  const byBytes = new Map<string, number>();
  for (const line of table.bpe_ranks.split('\n')) {
    if (line === '') continue;
    const fields = line.split(' ');
    const first = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i++) byBytes.set(atob(fields[i] as string), first + i - 2);
  }
  return { byBytes, pattern: new RegExp(table.pat_str, 'gu') };
}

/** A text's UTF-8 bytes as a latin1 string (lone surrogates become U+FFFD, as TextEncoder does). */
export function utf8Latin1(text: string): string {
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) > 0x7f) return Buffer.from(text, 'utf8').toString('latin1');
  return text;
}

/**
 * Tokens js-tiktoken's `encode(piece)` gives: the piece split again by the pattern, each part one
 * token when the table holds it whole, else as many as the byte-pair merge leaves.
 */
export function pieceTokens(piece: string, ranks: Ranks): number {
  let total = 0;
  for (const match of piece.matchAll(ranks.pattern)) {
    const bytes = utf8Latin1(match[0]);
    total += ranks.byBytes.has(bytes) ? 1 : mergedParts(bytes, ranks.byBytes);
  }
  return total;
}

/**
 * Parts left by the byte-pair merge: the adjacent pair whose joined bytes have the lowest rank is
 * merged (the leftmost on a tie) until no pair has a rank. Parts without a rank are not tokens.
 */
function mergedParts(bytes: string, byBytes: ReadonlyMap<string, number>): number {
  if (bytes.length === 1) return 1;
  const starts: number[] = [];
  for (let i = 0; i <= bytes.length; i++) starts.push(i);
  while (starts.length > 2) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i < starts.length - 2; i++) {
      const rank = byBytes.get(bytes.slice(starts[i], starts[i + 2]));
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) break;
    starts.splice(best + 1, 1);
  }
  let parts = 0;
  for (let i = 0; i < starts.length - 1; i++) if (byBytes.has(bytes.slice(starts[i], starts[i + 1]))) parts++;
  return parts;
}
