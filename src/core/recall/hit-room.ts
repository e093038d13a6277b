import type { RecallHit, RecallOptions } from '../store/index.js';
import type { Tokenizer } from '../tokens/index.js';
import { CHARS_PER_TOKEN, fitPassages, fitTight, MIN_PASSAGE_CHARS } from './fit-passages.js';
import type { PassageWords } from './passage-words.js';
import { preparePassages } from './passages.js';
import { PARTIAL_TOKENS, partlyMatching } from './partial-match.js';
import { findTokens, head, snippet } from './snippet.js';

/**
 * The room each recall hit's text gets within the budget: shares by rank and score, summaries cut to
 * theirs, passages chosen to fit. Beside a first hit the query names by its recall hint, the others
 * show a line or two each and the named one takes the rest.
 */

/**
 * Characters each hit beside a first hit named by the query (its recall hint) shows: its best matched
 * line, enough to tell what it holds; `show ID` prints the rest (docs/BENCH.md § Provenance).
 */
const BESIDE_NAMED_CHARS = 60;
/** Characters shown before the first matched word of that line. */
const BESIDE_LEAD_CHARS = 20;

/**
 * Each hit showing passages gets this share of the room the one before it gets, times its score as a
 * share of the first hit's: the first hit is the likeliest to be the one asked for, a hit far behind
 * it less so, and hits that score alike share alike (docs/BENCH.md § Provenance).
 */
const ROOM_DECAY = 0.7;
/** A hit's score counts as at least this share of the first hit's when the budget is split. */
const MIN_SCORE_SHARE = 0.05;

/**
 * Which hits the query names by their recall hint (when one of them ranks first: they take the
 * budget) and which stand beside them (a line each).
 */
export interface HitNaming {
  named: (hit: RecallHit | undefined) => boolean;
  beside: (hit: RecallHit) => boolean;
}

/** What the hits' texts may take, how it is counted, and the door's words for lines of an entry. */
export interface HitBudget {
  tokens: number;
  tokenizer: Tokenizer;
  linesCommand: RecallOptions['linesCommand'] | undefined;
}

/** Each hit's weight in the split of the budget: ROOM_DECAY a rank, times its score against the first. */
function roomWeights(hits: readonly RecallHit[], firstScore: number): number[] {
  const first = Math.max(1e-9, firstScore);
  return hits.map((hit, i) => Math.pow(ROOM_DECAY, i) * Math.max(MIN_SCORE_SHARE, hit.score / first));
}

/**
 * Cuts a summary hit to the share of the budget its rank and score would get among all the hits: a weak hit's
 * long summary would otherwise take the room the better hits' matching lines need (its id still
 * leads to all of it).
 */
export function capSummaries(
  hits: readonly RecallHit[],
  budget: { tokens: number; tokenizer: Tokenizer },
  { beside }: HitNaming,
): void {
  const weights = roomWeights(hits, hits[0]?.score ?? 0);
  const total = weights.reduce((a, b) => a + b, 0);
  for (const [i, hit] of hits.entries()) {
    if (hit.form !== 'summary') continue;
    if (beside(hit)) {
      hit.text = head(hit.text, BESIDE_NAMED_CHARS);
      continue;
    }
    const share = (budget.tokens * (weights[i] ?? 0)) / total;
    if (budget.tokenizer.count(hit.text) > share)
      hit.text = head(hit.text, Math.floor(share * CHARS_PER_TOKEN));
  }
}

/** A hit whose text is still to be chosen from its original's passages. */
export interface PendingPassages {
  hit: RecallHit;
  original: string;
  summary: string;
}

/**
 * Fills in the passages of the hits that show them. Beside a first hit that holds nearly all the query
 * names, a hit holding much less of it shows only its best matched lines (partial-match.ts). The
 * others share what the budget has left, best first, each within its share of the rest: a hit beside
 * short ones shows more of its original, whole when it fits, and what a hit leaves of its share (shown
 * whole in less, passages that fit in less, a summary instead) goes to the hits after it rather than
 * unused. Shares are in tokens, turned into characters at a guessed rate and corrected once by counting.
 */
export function showPassages(
  pending: readonly PendingPassages[],
  hits: readonly RecallHit[],
  words: PassageWords,
  budget: HitBudget,
  { beside, named }: HitNaming,
): void {
  const { linesCommand, tokenizer } = budget;
  for (const p of pending) if (beside(p.hit)) p.hit.text = besideNamed(p.original, words);
  const toFit = pending.filter((p) => !beside(p.hit));
  const prepared = toFit.map((p) => {
    const command =
      linesCommand === undefined ? undefined : (a: number, b: number) => linesCommand(p.hit.id, a, b);
    return { ...p, passages: preparePassages(p.original, words.words, words.weight, command) };
  });
  const asked = words.words.reduce((n, w) => n + words.weight(w), 0);
  const partly =
    !named(hits[0]) && prepared[0]?.hit === hits[0]
      ? partlyMatching(
          prepared.map((p) => p.passages?.held),
          asked,
        )
      : prepared.map(() => false);
  const shown = () => hits.reduce((n, h) => n + (h.text === '' ? 0 : tokenizer.count(h.text)), 0);
  let rest = Math.max(0, budget.tokens - shown());
  for (const [i, p] of prepared.entries()) {
    if (partly[i] && p.passages) {
      const share = Math.min(PARTIAL_TOKENS, rest);
      p.hit.text = fitTight(p.original, p.passages.show, { share, left: rest }, tokenizer);
    } else if (p.original.length <= MIN_PASSAGE_CHARS) {
      // A short original is shown whole: it takes what it takes, and leaves the rest to the long ones.
      p.hit.text = p.original;
    } else continue;
    rest = Math.max(0, rest - tokenizer.count(p.hit.text));
  }
  const long = prepared.filter((p, i) => !partly[i] && p.original.length > MIN_PASSAGE_CHARS);
  if (long.length === 0) return;
  // The budget counts the hits' texts only (fitToBudget), so the texts may fill it.
  rest = Math.max(0, budget.tokens - shown());
  const weights = roomWeights(
    long.map((p) => p.hit),
    hits[0]?.score ?? 0,
  );
  let total = weights.reduce((a, b) => a + b, 0);
  for (const [i, { hit, original, summary, passages }] of long.entries()) {
    const weight = weights[i] ?? 0;
    const share = (rest * weight) / total;
    total -= weight;
    if (passages === undefined) {
      [hit.text, hit.form] = summary.trim() !== '' ? [summary, 'summary'] : [head(original), 'snippet'];
      rest = Math.max(0, rest - tokenizer.count(hit.text));
      continue;
    }
    // A hit the query names by its recall hint asks for the block, not for lines in it: when the
    // original does not fit, its summary (the whole block's account, names kept) says more for less
    // than the lines the hint's words would pick.
    if (
      named(hit) &&
      summary.trim() !== '' &&
      summary !== original &&
      original.length > share * CHARS_PER_TOKEN
    ) {
      [hit.text, hit.form] = [head(summary, Math.floor(share * CHARS_PER_TOKEN)), 'summary'];
      rest = Math.max(0, rest - tokenizer.count(hit.text));
      continue;
    }
    hit.text = fitPassages(original, passages.show, { share, left: rest }, tokenizer);
    rest = Math.max(0, rest - tokenizer.count(hit.text));
  }
}

/**
 * A hit beside a named one: the line of its original's best window of query words (or its first
 * line), cut to BESIDE_NAMED_CHARS around the first word matched.
 */
function besideNamed(original: string, words: PassageWords): string {
  const found = findTokens(original, words.words);
  const weights = new Map(words.words.map((w) => [w, words.weight(w)]));
  const window = snippet(original, found, weights, BESIDE_NAMED_CHARS) ?? head(original, BESIDE_NAMED_CHARS);
  const lines = window.split('\n').filter((line) => line.trim() !== '');
  const matched = lines.find((line) => findTokens(line, words.words).size > 0) ?? lines[0] ?? '';
  return oneLine(matched, findTokens(matched, words.words));
}

/** A line cut to BESIDE_NAMED_CHARS, starting a little before its first matched word; `…` where cut. */
function oneLine(line: string, found: ReadonlyMap<string, number[]>): string {
  const text = line.trim();
  if (text.length <= BESIDE_NAMED_CHARS) return text;
  const first = Math.min(text.length, ...[...found.values()].map((at) => at[0] ?? 0));
  const start = Math.max(0, Math.min(first - BESIDE_LEAD_CHARS, text.length - BESIDE_NAMED_CHARS));
  const end = start + BESIDE_NAMED_CHARS;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
