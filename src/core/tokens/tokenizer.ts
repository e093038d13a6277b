import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadRanks, pieceTokens, type RankTable, type Ranks } from './bpe.js';
import { hashText } from '../format/index.js';
import { RANK_FILE, readRankFile } from './ranks-file.js';
import { forEachPiece, pieceSplitters } from './pieces.js';

/** Counts tokens of text. Implementations must be deterministic. */
export interface Tokenizer {
  readonly name: string;
  count(text: string): number;
}

/**
 * Texts shorter than this are cached by themselves; longer ones by their SHA-1 (28 characters of
 * base64). A full cache holds MAX_TEXT_CACHE keys for the life of the process: long keys kept whole
 * would be a large part of a compress process's heap (docs/BENCH.md § Provenance).
 */
const SHORT_TEXT = 32;
/** Caches are cleared wholesale past these sizes: simple, bounded, and still hit on repeats. */
const MAX_TEXT_CACHE = 50_000;
const MAX_PIECE_CACHE = 500_000;
/**
 * js-tiktoken's byte-pair merge is quadratic in the piece length (a 5,000-letter run takes ~3 s).
 * Longer pieces (minified code, long identifiers) are counted in chunks of this size: exact for
 * ordinary text, within a token or two per chunk for the rare monster piece.
 */
const LONG_PIECE = 200;

let loaded: Ranks | undefined;

/**
 * A copy of a short string that shares no memory with the text it was cut from: a cache key must
 * not keep a whole counted text (a slice's parent) alive for the life of the process.
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/**
 * cl100k's rank table loads on first use only: from the file the build prebuilt beside this module
 * when it is there and made from the installed table, else decoded from js-tiktoken's table module.
 */
function load(): Ranks {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const source = require.resolve('js-tiktoken/ranks/cl100k_base');
  loaded =
    readRankFile(fileURLToPath(new URL(RANK_FILE, import.meta.url)), statSync(source).size) ??
    loadRanks(tableOf(require(source)));
  return loaded;
}

function tableOf(module: unknown): RankTable {
  const loadedModule = module as { default?: RankTable } & Partial<RankTable>;
  return loadedModule.default ?? (loadedModule as RankTable);
}

/** Whether this process has loaded the rank table (a one-shot command that only estimates never does). */
export function rankTableLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * cl100k_base counts with js-tiktoken's rank table. tiktoken encodes each pre-tokenizer piece independently,
 * so counting piece by piece with a piece cache gives the exact same count several times faster.
 * Whole-text counts are cached by content hash.
 */
export function createTiktokenCounter(): Tokenizer {
  const textCache = new Map<string, number>();
  const pieceCache = new Map<string, number>();
  let splitters: { sticky: RegExp; global: RegExp } | undefined;

  const countUncached = (text: string): number => {
    splitters ??= pieceSplitters(load().pattern);
    let total = 0;
    forEachPiece(text, splitters.sticky, splitters.global, (piece) => {
      if (piece.length <= LONG_PIECE) total += countPiece(piece);
      else
        for (let i = 0; i < piece.length; i += LONG_PIECE)
          total += countPiece(piece.slice(i, i + LONG_PIECE));
    });
    return total;
  };

  const countPiece = (piece: string): number => {
    let n = pieceCache.get(piece);
    if (n === undefined) {
      n = pieceTokens(piece, load());
      if (pieceCache.size >= MAX_PIECE_CACHE) pieceCache.clear();
      pieceCache.set(detached(piece), n);
    }
    return n;
  };

  return {
    name: 'cl100k_base',
    count(text: string): number {
      if (text.length === 0) return 0;
      const key = textCacheKey(text);
      let n = textCache.get(key);
      if (n === undefined) {
        n = countUncached(text);
        if (textCache.size >= MAX_TEXT_CACHE) textCache.clear();
        textCache.set(key === text ? detached(text) : key, n);
      }
      return n;
    },
  };
}

/** The key a counted text is cached under: the text itself when short, else its digest. Exported for tests. */
export function textCacheKey(text: string): string {
  return text.length < SHORT_TEXT ? text : digest(text);
}

/** The SHA-1 of a text's UTF-8 bytes; a huge text is encoded a slice at a time, never whole, just to be looked up. */
function digest(text: string): string {
  return hashText(createHash('sha1'), text).digest('base64');
}

/** A fast approximation (4 characters a token) for places where exactness does not matter. */
export function createEstimateCounter(charsPerToken = 4): Tokenizer {
  return { name: `estimate/${charsPerToken}`, count: (text) => Math.ceil(text.length / charsPerToken) };
}

let shared: Tokenizer | undefined;

/** The process-wide default tokenizer (cl100k_base, lazily loaded, shared cache). */
export function defaultTokenizer(): Tokenizer {
  shared ??= createTiktokenCounter();
  return shared;
}
