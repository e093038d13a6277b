import { needlesOf, showsWhole } from './needles.js';
import { textRank } from './textrank.js';

/** A sentence of one prose block, with what the selection needs to know about it. */
export interface Unit {
  /** Index of its block in the segmentation. */
  block: number;
  /** Units of the same paragraph, quote or sibling list items share a group (framing is per group). */
  group: number;
  /** First sentence of a list item that has nested items: kept like a heading. */
  lead: boolean;
  /** Character range in its block's prose. */
  start: number;
  end: number;
  text: string;
  needles: readonly string[];
  /** Content words, for TextRank. */
  words: readonly string[];
}

/**
 * Groups of fewer sentences are not framed: for a one- or two-sentence paragraph "first and
 * last" is the whole paragraph, and chat prose is mostly such paragraphs. The text's own first
 * and last sentence are always kept.
 */
export const FRAMING_MIN = 3;
/** A group's last sentence frames it only from this size on (in a three-sentence group it would keep two of three). */
export const FRAMING_LAST_MIN = 4;
/**
 * A dropped sentence's needles are written into its elision mark (`[… parse(), src/a.ts]`) in
 * texts of at least this many characters; in shorter ones the sentence itself is kept, since a
 * list saves too little there to be worth the lost wording.
 */
export const LIST_MIN_CHARS = 300;
/**
 * A sentence whose length is at most this many times the length of the needle list that would
 * replace it is kept whole: it is mostly needles already.
 */
export const WHOLE_FACTOR = 1.0;
/** Listed needles are checked for one holding another only up to this many (the check is quadratic). */
const NESTED_CHECK_MAX = 2000;

export interface SelectOptions {
  /** Share of the prose characters the kept sentences aim at (framing and dense sentences may exceed it). */
  share: number;
  keep: ReadonlySet<string>;
  /** Needles already kept elsewhere (headings): no sentence needs to carry them. */
  covered: ReadonlySet<string>;
  /** Length of the whole text: short texts keep the sentences that carry needles (see LIST_MIN_CHARS). */
  textLength: number;
  /** Frame each paragraph (documents), or only the text's opening (the agent's own reasoning). */
  framing: 'paragraphs' | 'opening';
}

/** What stays of each sentence: kept whole, or dropped with the needles its mark lists. */
export interface Selection {
  kept: boolean[];
  /** For a dropped sentence: the needles (as written) its elision mark lists; empty for a kept one. */
  listed: string[][];
}

/**
 * Which sentences stay: the text's first and last sentence, the first of each group
 * (paragraph, quote, sibling list items) of FRAMING_MIN or more and the last of each group of
 * FRAMING_LAST_MIN or more, lead items, sentences with kept terms; then sentences that bring needles (numbers, paths, identifiers, URLs, code spans) not
 * yet kept, when they are mostly needles (or always, in a short text); then the best TextRank
 * scores up to the share. Every needle of a dropped sentence that no kept sentence carries is
 * listed once, in the mark of the first dropped sentence holding it.
 */
export function selectUnits(units: readonly Unit[], options: SelectOptions): Selection {
  const kept = units.map(() => false);
  const have = new Set(options.covered);
  const take = (i: number): void => {
    kept[i] = true;
    for (const needle of units[i]!.needles) have.add(needle);
  };
  const sizes = new Map<number, number>();
  for (const unit of units) sizes.set(unit.group, (sizes.get(unit.group) ?? 0) + 1);
  const paragraphs = options.framing === 'paragraphs';
  const opening = openingUnit(units);
  units.forEach((unit, i) => {
    const size = sizes.get(unit.group) ?? 0;
    const first = paragraphs && units[i - 1]?.group !== unit.group && size >= FRAMING_MIN;
    const last = paragraphs && units[i + 1]?.group !== unit.group && size >= FRAMING_LAST_MIN;
    const framing = first || last || i === opening || (paragraphs && i === units.length - 1);
    if (framing || unit.lead || holdsTerm(unit.text, options.keep)) take(i);
  });
  const listing = options.textLength >= LIST_MIN_CHARS;
  coverNeedles(units, kept, have, take, listing);
  fillByScore(units, kept, options.share);
  return { kept, listed: listNeedles(units, kept, options.covered) };
}

/** Words a sentence needs to open a text: "Great!" or "THOUGHT: Perfect." says nothing. */
const OPENING_MIN_WORDS = 4;

/** The text's opening: its first sentence of OPENING_MIN_WORDS words or more (else its first). */
function openingUnit(units: readonly Unit[]): number {
  const index = units.findIndex((unit) => (unit.text.match(/\S+/g)?.length ?? 0) >= OPENING_MIN_WORDS);
  return index < 0 ? 0 : index;
}

/**
 * Sentences with needles not yet kept, most new needles per character first. When listing,
 * only sentences that are mostly needles are taken (the others' needles go to the marks).
 */
function coverNeedles(
  units: readonly Unit[],
  kept: boolean[],
  have: Set<string>,
  take: (i: number) => void,
  listing: boolean,
): void {
  const fresh = (unit: Unit): string[] => unit.needles.filter((needle) => !have.has(needle));
  const candidates = units
    .map((unit, i) => ({ i, gain: fresh(unit).length / Math.max(1, unit.end - unit.start) }))
    .filter(({ i, gain }) => !kept[i] && gain > 0)
    .sort((a, b) => b.gain - a.gain || a.i - b.i);
  for (const { i } of candidates) {
    const unit = units[i]!;
    const added = fresh(unit);
    if (added.length === 0) continue;
    if (listing && unit.end - unit.start > WHOLE_FACTOR * listLength(unit, added)) continue;
    take(i);
  }
}

/** Characters a mark needs to list these needles of a unit (as written, with separators). */
function listLength(unit: Unit, needles: readonly string[]): number {
  return needles.reduce((n, needle) => n + written(unit.text, needle).length + 2, 0);
}

/**
 * A needle as a mark lists it: bare when it reads back as the same needle (`parse()`,
 * `src/a.ts`), else with the backticks the text gave it (`LineItem.amount`, `x = 1`).
 */
export function written(text: string, needle: string): string {
  if (!text.includes(`\`${needle}\``)) return needle;
  const bare = needlesOf(needle);
  return bare.length === 1 && bare[0] === needle ? needle : `\`${needle}\``;
}

function listNeedles(
  units: readonly Unit[],
  kept: readonly boolean[],
  covered: ReadonlySet<string>,
): string[][] {
  const shown = new Set(covered);
  units.forEach((unit, i) => {
    if (kept[i]) for (const needle of unit.needles) shown.add(needle);
  });
  const lists = units.map((unit, i) => {
    if (kept[i]) return [];
    const list: string[] = [];
    for (const needle of unit.needles) {
      if (shown.has(needle)) continue;
      shown.add(needle);
      list.push(needle);
    }
    return list;
  });
  // A needle inside a longer one that is listed too (`main.py` in `src/main.py`) is shown by it.
  const listed = lists.flat();
  const inside = (needle: string): boolean =>
    listed.length <= NESTED_CHECK_MAX &&
    listed.some((other) => other !== needle && showsWhole(other, needle));
  return lists.map((list, i) =>
    list.filter((needle) => !inside(needle)).map((needle) => written(units[i]!.text, needle)),
  );
}

/** Adds the most central sentences (TextRank, computed only when needed) until the share is reached. */
function fillByScore(units: readonly Unit[], kept: boolean[], share: number): void {
  const length = (unit: Unit): number => unit.end - unit.start;
  const total = units.reduce((sum, unit) => sum + length(unit), 0);
  let used = units.reduce((sum, unit, i) => sum + (kept[i] ? length(unit) : 0), 0);
  const budget = total * share;
  if (used >= budget) return;
  const scores = textRank(units.map((unit) => unit.words));
  const candidates = units
    .map((_, i) => ({ i, score: scores[i] ?? 0 }))
    .filter(({ i }) => !kept[i])
    .sort((a, b) => b.score - a.score || a.i - b.i);
  for (const { i } of candidates) {
    if (used >= budget) break;
    const size = length(units[i]!);
    if (used + size > budget) continue;
    kept[i] = true;
    used += size;
  }
}

function holdsTerm(text: string, keep: ReadonlySet<string>): boolean {
  for (const term of keep) if (term.length > 0 && text.includes(term)) return true;
  return false;
}
