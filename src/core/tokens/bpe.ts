/**
 * Counting tokens of one pre-tokenizer piece with cl100k's byte-pair merge ranks, as js-tiktoken
 * encodes it, without building js-tiktoken's encoder (two maps of 100k byte-list strings, ~0.4 s of
 * CPU in every process that counts a token). A piece's bytes are looked up as a latin1 string (one
 * character a byte).
 */

/** js-tiktoken's rank table: lines of `<name> <first rank> <base64 token> <base64 token> …`. */
export interface RankTable {
  pat_str: string;
  bpe_ranks: string;
}

export interface Ranks {
  /** Rank of the token whose bytes are `bytes[start..end)` (a latin1 string, one character a byte), or -1. */
  rank(bytes: string, start: number, end: number): number;
  /** Tokens in the table. */
  size: number;
  /** The pre-tokenizer pattern (the piece splitter). */
  pattern: RegExp;
}

/** Base64 digit values by character code (-1: not a digit). */
const BASE64 = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  BASE64[c.charCodeAt(0)] = i;
const SPACE = 0x20;
const NEWLINE = 0x0a;
const PADDING = 0x3d;

/** Every token's bytes, back to back, in table order, with its rank, and the hash slots that find them. */
export interface RankArrays {
  bytes: Uint8Array;
  /** Token i's bytes are bytes[starts[i]..starts[i + 1]). */
  starts: Int32Array;
  ranks: Int32Array;
  /** A power of two of slots, at most half full, each a token's index at its hash or -1 when empty. */
  slots: Int32Array;
  size: number;
}

type Tokens = Omit<RankArrays, 'slots'>;

/**
 * The rank map of a table (about 100k entries for cl100k): every token's bytes decoded from base64
 * into one byte array and found through an open-addressing hash table of typed arrays, so loading
 * it allocates a few arrays rather than 100k strings and map entries (a few milliseconds).
 */
export function loadRanks(table: RankTable): Ranks {
  return ranksOver(rankArrays(table), table.pat_str);
}

/** The typed arrays of a table: what loadRanks() searches, and what a prebuilt rank file holds. */
export function rankArrays(table: RankTable): RankArrays {
  const tokens = decodeTokens(table.bpe_ranks);
  return { ...tokens, slots: hashSlots(tokens) };
}

/** The rank map over arrays already built (decoded just now, or read from a prebuilt file). */
export function ranksOver(arrays: RankArrays, pattern: string): Ranks {
  const { slots } = arrays;
  const mask = slots.length - 1;
  const rank = (text: string, start: number, end: number): number => {
    for (let slot = hashOf(text, start, end) & mask; ; slot = (slot + 1) & mask) {
      const token = slots[slot] as number;
      if (token < 0) return -1;
      if (sameBytes(arrays, token, text, start, end)) return arrays.ranks[token] as number;
    }
  };
  return { rank, size: arrays.size, pattern: new RegExp(pattern, 'gu') };
}

/** Decodes the table's lines (`<name> <first rank> <base64 token> …`) into one byte array. */
function decodeTokens(lines: string): Tokens {
  let spaces = 0;
  for (let i = 0; i < lines.length; i++) if (lines.charCodeAt(i) === SPACE) spaces++;
  const bytes = new Uint8Array(Math.ceil((lines.length * 3) / 4));
  const starts = new Int32Array(spaces + 1);
  const ranks = new Int32Array(spaces);
  let size = 0;
  let end = 0;
  for (let at = 0; at < lines.length;) {
    const lineEnd = indexOrEnd(lines, NEWLINE, at);
    const firstAt = indexOrEnd(lines, SPACE, at) + 1;
    let field = indexOrEnd(lines, SPACE, firstAt);
    let next = Number.parseInt(lines.slice(firstAt, Math.min(field, lineEnd)), 10);
    while (field < lineEnd) {
      const fieldEnd = Math.min(indexOrEnd(lines, SPACE, field + 1), lineEnd);
      starts[size] = end;
      ranks[size++] = next++;
      end = decodeBase64(lines, field + 1, fieldEnd, bytes, end);
      field = fieldEnd;
    }
    at = lineEnd + 1;
  }
  starts[size] = end;
  return { bytes, starts, ranks, size };
}

function indexOrEnd(text: string, code: number, from: number): number {
  const at = text.indexOf(String.fromCharCode(code), from);
  return at < 0 ? text.length : at;
}

/** Decodes text[start..end) (base64) into out from offset; returns the offset after the bytes. */
function decodeBase64(text: string, start: number, end: number, out: Uint8Array, offset: number): number {
  let bits = 0;
  let held = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === PADDING) break;
    bits = (bits << 6) | (BASE64[code] as number);
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[offset++] = (bits >> held) & 0xff;
    }
  }
  return offset;
}

/** FNV-1a of the bytes of text[start..end) (one byte a character). */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function hashOfToken(tokens: Tokens, token: number): number {
  let hash = 0x811c9dc5;
  const end = tokens.starts[token + 1] as number;
  for (let i = tokens.starts[token] as number; i < end; i++)
    hash = Math.imul(hash ^ (tokens.bytes[i] as number), 0x01000193);
  return hash >>> 0;
}

/** Slots (a power of two, at most half full) holding each token's index at its hash, -1 when empty. */
function hashSlots(tokens: Tokens): Int32Array {
  let capacity = 1;
  while (capacity < tokens.size * 2) capacity *= 2;
  const slots = new Int32Array(capacity).fill(-1);
  const mask = capacity - 1;
  for (let token = 0; token < tokens.size; token++) {
    let slot = hashOfToken(tokens, token) & mask;
    while ((slots[slot] as number) >= 0) slot = (slot + 1) & mask;
    slots[slot] = token;
  }
  return slots;
}

function sameBytes(tokens: Tokens, token: number, text: string, start: number, end: number): boolean {
  const from = tokens.starts[token] as number;
  if ((tokens.starts[token + 1] as number) - from !== end - start) return false;
  for (let i = 0; i < end - start; i++)
    if (tokens.bytes[from + i] !== text.charCodeAt(start + i)) return false;
  return true;
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
    total += ranks.rank(bytes, 0, bytes.length) >= 0 ? 1 : mergedParts(bytes, ranks);
  }
  return total;
}

/**
 * Parts left by the byte-pair merge: the adjacent pair whose joined bytes have the lowest rank is
 * merged (the leftmost on a tie) until no pair has a rank. Parts without a rank are not tokens.
 */
function mergedParts(bytes: string, ranks: Ranks): number {
  if (bytes.length === 1) return 1;
  const starts: number[] = [];
  for (let i = 0; i <= bytes.length; i++) starts.push(i);
  while (starts.length > 2) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i < starts.length - 2; i++) {
      const rank = ranks.rank(bytes, starts[i] as number, starts[i + 2] as number);
      if (rank >= 0 && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) break;
    starts.splice(best + 1, 1);
  }
  let parts = 0;
  for (let i = 0; i < starts.length - 1; i++)
    if (ranks.rank(bytes, starts[i] as number, starts[i + 1] as number) >= 0) parts++;
  return parts;
}
