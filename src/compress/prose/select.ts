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
  score: number;
}

export interface SelectOptions {
  /** Share of the prose characters the kept sentences aim at (framing and needles may exceed it). */
  share: number;
  keep: ReadonlySet<string>;
  /** Needles already kept elsewhere (headings): no sentence needs to carry them. */
  covered: ReadonlySet<string>;
}

/** Share of a text's needles (numbers, paths, identifiers, URLs) the kept sentences must carry. */
export const NEEDLE_COVERAGE = Number(process.env['NC'] ?? 1);

/**
 * Which sentences stay: the first and last of each group (paragraph, quote, sibling list
 * items), lead items, sentences with kept terms; then sentences that carry needles no kept
 * sentence carries yet, those with the most new needles per character first, until
 * NEEDLE_COVERAGE; then the best TextRank scores until the share is reached. One flag per unit.
 */
export function selectUnits(units: readonly Unit[], options: SelectOptions): boolean[] {
  const kept = units.map(() => false);
  const have = new Set(options.covered);
  const take = (i: number): void => {
    kept[i] = true;
    for (const needle of units[i]!.needles) have.add(needle);
  };
  units.forEach((unit, i) => {
    const framing = units[i - 1]?.group !== unit.group || units[i + 1]?.group !== unit.group;
    if (framing || unit.lead || holdsTerm(unit.text, options.keep)) take(i);
  });
  coverNeedles(units, kept, have, take);
  fillByScore(units, kept, options.share);
  return kept;
}

function coverNeedles(units: readonly Unit[], kept: boolean[], have: Set<string>, take: (i: number) => void): void {
  const all = new Set(have);
  for (const unit of units) for (const needle of unit.needles) all.add(needle);
  const goal = Math.ceil(all.size * NEEDLE_COVERAGE);
  const fresh = (unit: Unit): number => unit.needles.filter((needle) => !have.has(needle)).length;
  const candidates = units
    .map((unit, i) => ({ i, gain: fresh(unit) / Math.max(1, unit.end - unit.start) }))
    .filter(({ i, gain }) => !kept[i] && gain > 0)
    .sort((a, b) => b.gain - a.gain || a.i - b.i);
  for (const { i } of candidates) {
    if (have.size >= goal) break;
    if (fresh(units[i]!) > 0) take(i);
  }
}

function fillByScore(units: readonly Unit[], kept: boolean[], share: number): void {
  const length = (unit: Unit): number => unit.end - unit.start;
  const total = units.reduce((sum, unit) => sum + length(unit), 0);
  let used = units.reduce((sum, unit, i) => sum + (kept[i] ? length(unit) : 0), 0);
  const budget = total * share;
  const candidates = units
    .map((unit, i) => ({ i, score: unit.score }))
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
