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

/**
 * Share of the prose the TextRank pick always adds on top of the must-keep sentences, so a
 * central sentence that carries no needle still has a chance when framing and needles fill the share.
 */
export const RANKED_MIN = 0.1;

export interface SelectOptions {
  /** Share of the prose characters the kept sentences aim at (framing and needles may exceed it). */
  share: number;
  keep: ReadonlySet<string>;
  /** Needles already kept elsewhere (headings): no sentence needs to carry them. */
  covered: ReadonlySet<string>;
}

/**
 * Groups of fewer sentences are not framed: for a one- or two-sentence paragraph "first and
 * last" is the whole paragraph, and chat prose is mostly such paragraphs. The text's own first
 * and last sentence are always kept.
 */
export const FRAMING_MIN = 3;

/**
 * Which sentences stay: the text's first and last sentence, the first and last of each group
 * (paragraph, quote, sibling list items) of FRAMING_MIN or more, lead items, sentences with
 * kept terms; then, until every needle (number, path, identifier, URL, code span) is carried
 * once, sentences with needles not yet kept, most new needles per character first; then the
 * best TextRank scores until the share is reached. One flag per unit.
 */
export function selectUnits(units: readonly Unit[], options: SelectOptions): boolean[] {
  const kept = units.map(() => false);
  const have = new Set(options.covered);
  const take = (i: number): void => {
    kept[i] = true;
    for (const needle of units[i]!.needles) have.add(needle);
  };
  const sizes = new Map<number, number>();
  for (const unit of units) sizes.set(unit.group, (sizes.get(unit.group) ?? 0) + 1);
  units.forEach((unit, i) => {
    const edge = units[i - 1]?.group !== unit.group || units[i + 1]?.group !== unit.group;
    const framing =
      (process.env['XF'] !== '0' && edge && (sizes.get(unit.group) ?? 0) >= FRAMING_MIN) || i === 0 || (process.env['XL'] !== '0' && i === units.length - 1);
    if (framing || unit.lead || holdsTerm(unit.text, options.keep)) take(i);
  });
  coverNeedles(units, kept, have, take);
  if (process.env['XR'] !== '0') fillByScore(units, kept, options.share);
  return kept;
}

function coverNeedles(
  units: readonly Unit[],
  kept: boolean[],
  have: Set<string>,
  take: (i: number) => void,
): void {
  const fresh = (unit: Unit): number => unit.needles.filter((needle) => !have.has(needle)).length;
  const candidates = units
    .map((unit, i) => ({ i, gain: fresh(unit) / Math.max(1, unit.end - unit.start) }))
    .filter(({ i, gain }) => !kept[i] && gain > 0)
    .sort((a, b) => b.gain - a.gain || a.i - b.i);
  for (const { i } of candidates) if (fresh(units[i]!) > 0) take(i);
}

function fillByScore(units: readonly Unit[], kept: boolean[], share: number): void {
  const length = (unit: Unit): number => unit.end - unit.start;
  const total = units.reduce((sum, unit) => sum + length(unit), 0);
  let used = units.reduce((sum, unit, i) => sum + (kept[i] ? length(unit) : 0), 0);
  const budget = Math.max(total * share, used + total * RANKED_MIN);
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
