import { MIN_FOLD_RUN } from './fold.js';
import { closeGaps } from './gaps.js';
import type { Passage } from './passages.js';

/** Lines a window first gains above its match (a record's header: the test, the function, the event). */
const LEAD_LINES = 2;
/** A gap this many lines long at most between two tight windows is closed (a window's label costs about that). */
const TIGHT_GAP_LINES = 2;
/** Characters a window's label takes, as most are (`[lines 1200-1234]` and its line end). */
export const LABEL_CHARS = 16;
/** Characters a fold line takes, about (`… 116 similar INFO lines (230–346): gardener show ID --lines 230-346`). */
const FOLD_LINE_CHARS = 70;

/** What the lines of a text cost in a window that folds its runs of look-alike lines. */
export interface FoldCosts {
  /** Lines of the text. */
  total: number;
  /** The run of look-alike lines holding line n (n..n when it folds with nothing). */
  run: (n: number) => { first: number; last: number };
  /** Characters lines first..last take in a window. */
  span: (first: number, last: number) => number;
}

/**
 * The costs of a text's lines: `chars(n)`, but in a run of MIN_FOLD_RUN or more look-alike lines that
 * are not `matched`, the first line its own, the second a fold line, the rest nothing. A window grown
 * over such a run pays for it once, so the room goes to the lines that differ. Runs are found as
 * windows reach them (`shape` gives each line's, shapesOf).
 */
export function foldCosts(
  texts: readonly string[],
  matched: (n: number) => boolean,
  chars: (n: number) => number,
  shape: (n: number) => string,
): FoldCosts {
  const runs = new Map<number, { first: number; last: number }>();
  const alike = (n: number, s: string) => n >= 1 && n <= texts.length && !matched(n) && shape(n) === s;
  const run = (n: number) => {
    let found = runs.get(n);
    if (found) return found;
    const s = matched(n) ? '' : shape(n);
    found = { first: n, last: n };
    if (s !== '') {
      while (alike(found.first - 1, s)) found.first--;
      while (alike(found.last + 1, s)) found.last++;
    }
    for (let m = found.first; m <= found.last; m++) runs.set(m, found);
    return found;
  };
  const span = (first: number, last: number) => {
    let total = 0;
    for (let n = first; n <= last;) {
      const r = run(n);
      const end = Math.min(r.last, last);
      if (r.last - r.first + 1 < MIN_FOLD_RUN) for (let m = n; m <= end; m++) total += chars(m);
      else {
        if (n === r.first) total += chars(n);
        if (n <= r.first + 1 && end >= r.first + 1) total += FOLD_LINE_CHARS;
      }
      n = end + 1;
    }
    return total;
  };
  return { total: texts.length, run, span };
}

/** The best passages that fit in `room` characters together (the best one always). */
export function fitting(passages: readonly Passage[], room: number, costs: FoldCosts): Passage[] {
  const kept: Passage[] = [];
  let chars = 0;
  for (const passage of passages) {
    const size = costs.span(passage.first, passage.last) + LABEL_CHARS;
    if (kept.length > 0 && chars + size > room) break;
    kept.push({ ...passage });
    chars += size;
  }
  return kept;
}

/**
 * Widens the passages while they fit in `room` characters: first over the short gaps between them
 * (closeGaps), then a line at a time without running into each other: LEAD_LINES upwards (the header
 * of the record a match sits in: the failing test, the function, the event), then downwards (what
 * follows a match, a stack trace after its error), then upwards, so the matched line stays near the
 * top of what a cut or a one-line preview keeps. A run of look-alike lines costs its fold line, so
 * the room goes to the lines that differ, not to a hundred that say the same; the lines of a run
 * that cost nothing are taken in one step.
 */
export function widen(passages: Passage[], room: number, title: number, costs: FoldCosts): Passage[] {
  let chars = passages.reduce((n, p) => n + costs.span(p.first, p.last) + LABEL_CHARS, 0);
  chars = closeGaps(passages, title, { room, chars, label: LABEL_CHARS }, costs.span);
  const free = (n: number) =>
    n >= 1 && n <= costs.total && !passages.some((p) => n >= p.first && n <= p.last);
  const phases = [
    { down: false, most: LEAD_LINES },
    { down: true, most: Infinity },
    { down: false, most: Infinity },
  ];
  for (const { down, most } of phases) {
    for (let grown = true, step = 0; grown && step < most; step++) {
      grown = false;
      for (const p of passages) {
        let n = down ? p.last + 1 : p.first - 1;
        const size = free(n) ? costs.span(n, n) : Infinity;
        if (chars + size > room) continue;
        // Inside a run, past its first two lines, the rest of it comes free.
        const r = size === 0 ? costs.run(n) : undefined;
        if (r && down) while (n < r.last && free(n + 1)) n++;
        if (r && !down) while (n > r.first + 2 && free(n - 1)) n--;
        if (down) p.last = n;
        else p.first = n;
        chars += size;
        grown = true;
      }
    }
  }
  return passages;
}

/**
 * The windows with those that touch joined (one label instead of two), each in the place of its
 * better part: a window joins the better one above it, never the one below, so the best window's
 * lines still lead the hit (a run of folded look-alike lines lets windows grow until they touch).
 */
export function joined(passages: readonly Passage[]): Passage[] {
  const out: Passage[] = passages.map((p) => ({ ...p }));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length && !merged; j++) {
        const [a, b] = [out[i] as Passage, out[j] as Passage];
        if (b.first !== a.last + 1) continue;
        out[i] = { first: a.first, last: b.last, score: a.score };
        out.splice(j, 1);
        merged = true;
      }
    }
  }
  return out;
}

/**
 * The matched windows as they are, but for gaps of TIGHT_GAP_LINES or fewer between them (or under the
 * title), closed while they fit in `room`: two windows a line or two apart read as one and need one
 * label. No window grows to fill the room.
 */
export function tighten(passages: Passage[], room: number, title: number, costs: FoldCosts): Passage[] {
  const chars = passages.reduce((n, p) => n + costs.span(p.first, p.last) + LABEL_CHARS, 0);
  closeGaps(passages, title, { room, chars, label: LABEL_CHARS }, costs.span, TIGHT_GAP_LINES);
  return passages;
}
