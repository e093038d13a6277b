/**
 * Look-alike lines: a build's hundred `INFO compiled moduleN.ts in N ms` lines around the one ERROR
 * line say one thing between them. A window of a hit or of a search inside an entry shows such a
 * run as one line that counts them and names the command that prints them.
 */

/** A run of look-alike lines is folded from this many lines on: a shorter one costs about what its fold line does. */
export const MIN_FOLD_RUN = 4;

/** A UUID, or a word of six or more hex digits holding a digit (a hash, an address, an id). */
const HEX_ID =
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/gi;
/** A digit beside a hex letter: the cheap test that a line may hold a HEX_ID at all. */
const HEX_PAIR = /\d[a-f]|[a-f]\d/i;
/** A number, with its decimals, thousands or time parts (`1,150`, `0.19`, `12:04:31`). */
const NUMBER = /\d+(?:[.,:]\d+)*/g;
/** A leading upper-case word that names a run (`INFO`, `WARN`, `GET`), after a read's own line number. */
const LEAD_WORD = /^\s*(?:\d+(?:\t|→|\s{2,}))?\[?([A-Z]{2,})\b/;

/**
 * What a line looks like once what varies between look-alike lines is taken out: ids, hashes and
 * numbers become `#`, runs of white space one space. Two lines look alike when their shapes are
 * equal; a blank line has no shape and looks like nothing.
 */
export function lineShape(line: string): string {
  const ids = HEX_PAIR.test(line) ? line.replace(HEX_ID, '#') : line;
  return ids.replace(NUMBER, '#').replace(/\s+/g, ' ').trim();
}

/** The shapes of a text's lines (1-based), each computed once, when first asked for. */
export function shapesOf(texts: readonly string[]): (n: number) => string {
  const shapes = new Map<number, string>();
  return (n) => {
    let shape = shapes.get(n);
    if (shape === undefined) shapes.set(n, (shape = lineShape(texts[n - 1] ?? '')));
    return shape;
  };
}

/** Part of a window: lines shown as they are, or a run of look-alike lines folded into one line. */
export interface FoldPiece {
  first: number;
  last: number;
  folded: boolean;
}

/** Prints lines first..last (1-based) in the door's words: `gardener show ID --lines 230-346`, `fetch(…)`. */
export type LinesCommand = (first: number, last: number) => string;

export interface FoldScope {
  /** Lines never folded: those holding what was asked for. */
  matched: (n: number) => boolean;
  /** How far a run at the window's edge may be followed out of it (the neighbouring windows). */
  reach: { first: number; last: number };
  /** The lines' shapes, when the caller has them already (shapesOf). */
  shape?: (n: number) => string;
}

/**
 * Lines first..last (1-based) of `texts` as pieces: a run of MIN_FOLD_RUN or more look-alike lines
 * that holds no matched line shows its first line, the rest folded; and a run the window's first or
 * last line belongs to is followed out of the window (up to `reach`) and said folded, so the reader
 * sees how far it goes. Deterministic: shapes only.
 */
export function foldPieces(
  texts: readonly string[],
  first: number,
  last: number,
  { matched, reach, shape = shapesOf(texts) }: FoldScope,
): FoldPiece[] {
  const alike = (n: number, s: string) => s !== '' && !matched(n) && shape(n) === s;
  const pieces: FoldPiece[] = [];
  const add = (a: number, b: number, folded: boolean) => {
    const previous = pieces.at(-1);
    // Two runs side by side are one (a run inside the window and its continuation past the edge).
    if (previous && folded === previous.folded && previous.last === a - 1) previous.last = b;
    else pieces.push({ first: a, last: b, folded });
  };
  let above = first;
  while (above > Math.max(1, reach.first) && alike(above - 1, shape(first))) above--;
  if (first - above >= MIN_FOLD_RUN) add(above, first - 1, true);
  for (let n = first; n <= last;) {
    let end = n;
    if (alike(n, shape(n))) while (end < last && alike(end + 1, shape(n))) end++;
    // The run's first line shows what the fold holds, unless the shown line above it looks alike already.
    const shownAlike = n > first && shape(n - 1) === shape(n);
    if (end - n + 1 >= MIN_FOLD_RUN && shownAlike) add(n, end, true);
    else if (end - n + 1 >= MIN_FOLD_RUN) {
      add(n, n, false);
      add(n + 1, end, true);
    } else add(n, end, false);
    n = end + 1;
  }
  let below = last;
  while (below < Math.min(texts.length, reach.last) && alike(below + 1, shape(last))) below++;
  if (below - last >= MIN_FOLD_RUN) add(last + 1, below, true);
  return pieces;
}

/**
 * The pieces of each of several windows of one text (given in any order, none overlapping), within
 * `bounds`: a run between two windows is followed out by the window above it and said once.
 */
export function foldWindows(
  texts: readonly string[],
  windows: ReadonlyArray<{ first: number; last: number }>,
  matched: (n: number) => boolean,
  bounds: { first: number; last: number },
  shape = shapesOf(texts),
): FoldPiece[][] {
  const order = windows.map((window, at) => ({ window, at })).sort((a, b) => a.window.first - b.window.first);
  const out: FoldPiece[][] = windows.map(() => []);
  let claimed = bounds.first - 1;
  for (const [k, { window, at }] of order.entries()) {
    const next = order[k + 1]?.window.first ?? bounds.last + 1;
    const reach = { first: claimed + 1, last: next - 1 };
    const pieces = foldPieces(texts, window.first, window.last, { matched, reach, shape });
    claimed = pieces.at(-1)?.last ?? window.last;
    out[at] = pieces;
  }
  return out;
}

/** The line standing for a folded run: how many lines, what they are, where, and how to see them. */
export function foldLine(texts: readonly string[], piece: FoldPiece, command?: LinesCommand): string {
  const count = piece.last - piece.first + 1;
  const word = LEAD_WORD.exec(texts[piece.first - 1] ?? '')?.[1];
  const what = `… ${count} similar ${word === undefined ? '' : `${word} `}lines (${piece.first}–${piece.last})`;
  return command === undefined ? `${what} …` : `${what}: ${command(piece.first, piece.last)}`;
}
