import { debug } from '../../../debug.js';
import type { CompressContext, Compressor, Summary } from '../types.js';
import { putGutters, takeGutters } from './gutter.js';
import { blockRoles, isProse, segment } from './markdown.js';
import type { MdBlock } from './markdown.js';
import { needlesOf, showsWhole } from './needles.js';
import { reduceFixedBlocks, renderBlocks } from './render.js';
import { selectUnits } from './select.js';
import { splitSentences } from './sentences.js';
import type { Unit } from './select.js';

export { proseNeedles } from './needles.js';

/** Share of the prose characters the kept sentences reach at least, with TextRank's best when framing and needles fall short. */
const TARGET_SHARE = 0.1;
/** The same share for the agent's own reasoning, whose opening, needles and commands carry most of it. */
const REASONING_SHARE = 0.05;
/** Texts shorter than this are not worth a summary. */
const MIN_CHARS = 160;
/** Characters × needles the search for needles shown by kept fences and tables may scan at most. */
const COVER_SCAN_MAX = 50_000_000;
/** A summary that saves less than this share of the input is not worth replacing it. */
const MIN_SAVING = 0.1;
/** The marks this compressor writes: a text that holds them is a summary already. */
const SUMMARY_MARK =
  /\[…[ \]]|^[ \t]*\|? ?… \d+ more (?:lines|rows|changed lines|outline lines)\b|^\[edit: /m;
/** Separator between prose blocks in the text handed to the sentence splitter. */
const BLOCK_SEPARATOR = '\n\n';

/**
 * Extractive summary of markdown or plain prose (assistant replies, reports, READMEs). Framing
 * sentences (the text's first and last, each paragraph's first and, in longer ones, last), lead
 * items, file names above fences and sentences with `context.keep` terms stay; so do sentences
 * that are mostly needles (numbers, paths, identifiers, URLs, code spans). The needles of other
 * dropped sentences are listed once in their elision mark (`[… parse(), src/a.ts]`), so each
 * needle is kept once; TextRank tops up texts with few needles. Order and markdown structure
 * are kept; fences are folded (edit blocks to their changed lines, long code to an outline,
 * shell to its commands), tables and data dumps cut; a file viewer's line numbers are put back
 * on the lines that stay.
 */
export const compressProse: Compressor = (text, context) => {
  try {
    return compress(text, context);
  } catch (error) {
    debug('compress/prose', 'failed; original kept', { error: String(error) });
    return { text, helped: false, note: 'prose: failed, original kept' };
  }
};

function compress(text: string, context: CompressContext): Summary {
  if (text.length < MIN_CHARS) return { text, helped: false, note: 'prose: too short' };
  if (SUMMARY_MARK.test(text)) return { text, helped: false, note: 'prose: already a summary' };
  const numbered = takeGutters(text);
  const body = numbered?.body ?? text;
  const blocks = segment(body);
  const units = sentenceUnits(blocks);
  const fixed = reduceFixedBlocks(blocks, context.reasoning === true);
  const selection = selectUnits(units, {
    share: context.reasoning === true ? REASONING_SHARE : TARGET_SHARE,
    keep: new Set(context.keep ?? []),
    covered: fixedNeedles(units, fixed),
    textLength: body.length,
    framing: context.reasoning === true ? 'opening' : 'paragraphs',
  });
  const rendered = renderBlocks(blocks, units, selection, fixed);
  const out = numbered ? putGutters(withoutBareMarks(rendered), numbered) : rendered;
  // An all-blank summary would become an empty text block, which the Messages API rejects.
  if (out.trim() === '' || out.length >= text.length * (1 - MIN_SAVING)) {
    return { text, helped: false, note: 'prose: no gain' };
  }
  const keptCount = selection.kept.filter(Boolean).length;
  return { text: out, helped: true, note: `prose: ${keptCount} of ${units.length} sentences kept` };
}

/** A mark that lists nothing, alone on its line. */
const BARE_MARK = /^[ \t]*\[…\][ \t]*$/;

/**
 * A numbered view's summary without its bare `[…]` lines: the line numbers of the lines kept
 * already show where text was left out. Blank lines left in a row by them become one.
 */
export function withoutBareMarks(rendered: string): string {
  const out: string[] = [];
  for (const line of rendered.split('\n')) {
    if (BARE_MARK.test(line)) continue;
    if (line.trim() === '' && (out.length === 0 || out[out.length - 1]!.trim() === '')) continue;
    out.push(line);
  }
  return out.join('\n');
}

/**
 * Needles of the sentences that the always-kept blocks (headings, reduced fences, tables) show
 * as written: no sentence needs to carry them again.
 */
function fixedNeedles(units: readonly Unit[], fixed: ReadonlyMap<number, readonly string[]>): Set<string> {
  const shown = [...fixed.values()].map((lines) => lines.join('\n')).join('\n');
  const needles = new Set(units.flatMap((unit) => unit.needles));
  const found = new Set<string>();
  // Each needle is a scan of the kept blocks: past this much work the needles are listed instead.
  if (shown === '' || shown.length * needles.size > COVER_SCAN_MAX) return found;
  for (const needle of needles) if (showsWhole(shown, needle)) found.add(needle);
  return found;
}

/** The sentences of all prose blocks (one splitter pass over their joined prose). */
function sentenceUnits(blocks: readonly MdBlock[]): Unit[] {
  const roles = blockRoles(blocks);
  const parts: string[] = [];
  const owners: { block: number; offset: number }[] = [];
  let offset = 0;
  blocks.forEach((block, b) => {
    if (!isProse(block)) return;
    owners.push({ block: b, offset });
    parts.push(block.prose);
    offset += block.prose.length + BLOCK_SEPARATOR.length;
  });
  const joined = parts.join(BLOCK_SEPARATOR);
  const spans = splitSentences(
    joined,
    owners.map((owner) => owner.offset),
  );
  const units: Unit[] = [];
  let o = 0;
  let previousBlock = -1;
  spans.forEach((span) => {
    while (o + 1 < owners.length && owners[o + 1]!.offset <= span.start) o++;
    const owner = owners[o]!;
    const role = roles[owner.block]!;
    const sentence = joined.slice(span.start, span.end);
    units.push({
      block: owner.block,
      group: role.group,
      lead: role.lead && owner.block !== previousBlock,
      start: span.start - owner.offset,
      end: span.end - owner.offset,
      text: sentence,
      needles: needlesOf(sentence),
      words: span.words,
    });
    previousBlock = owner.block;
  });
  return units;
}
