/**
 * Line-based markdown segmentation, enough to keep a summary's structure: headings, fenced code,
 * tables and rules pass through as units; paragraphs, list items and quotes hold the prose whose
 * sentences are scored.
 */

export type BlockKind =
  'blank' | 'heading' | 'rule' | 'fence' | 'code' | 'data' | 'table' | 'paragraph' | 'item' | 'quote';

export interface MdBlock {
  kind: BlockKind;
  /** The block's lines as written. */
  lines: string[];
  /** Prose blocks: the marker in front of the first line (`  - `, `1. `, `> `), else ''. */
  prefix: string;
  /** Prose blocks: what goes in front of the following lines when rendering (`> `, spaces). */
  continuation: string;
  /** Prose blocks: the text the sentences come from (markers removed). */
  prose: string;
}

const FENCE = /^(\s{0,3})(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}(?:\s|$)/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])(\s+)/;
const QUOTE = /^\s{0,3}>\s?/;
const TABLE = /^\s*\|/;

/** Splits markdown (or plain text) into blocks; concatenating their lines gives the input back. */
export function segment(text: string): MdBlock[] {
  const lines = text.split('\n');
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const end = fenceEnd(lines, i, fence[2]!);
      blocks.push(plain('fence', lines.slice(i, end)));
      i = end;
    } else if (line.trim() === '') {
      blocks.push(plain('blank', [line]));
      i++;
    } else if (HEADING.test(line)) {
      blocks.push(plain('heading', [line]));
      i++;
    } else if (RULE.test(line)) {
      blocks.push(plain('rule', [line]));
      i++;
    } else if (TABLE.test(line)) {
      const end = runEnd(lines, i, (l) => TABLE.test(l));
      blocks.push(plain('table', lines.slice(i, end)));
      i = end;
    } else if (QUOTE.test(line)) {
      const end = runEnd(lines, i, (l) => QUOTE.test(l));
      blocks.push(quote(lines.slice(i, end)));
      i = end;
    } else {
      const item = ITEM.exec(line);
      const end = runEnd(lines, i + 1, (l) => l.trim() !== '' && !startsBlock(l));
      const run = lines.slice(i, end);
      if (item) blocks.push(listItem(run, item[0]));
      else blocks.push(paragraphLike(run));
      i = end;
    }
  }
  return blocks;
}

/** Lines that read as code or markup rather than sentences. */
const CODE_LINE =
  /[;{}([]\s*$|^\s*(?:def|class|import|from|return|if|elif|else|for|while|try|except|const|let|var|function|export|async|await|print)\b|^\s*[\w.[\]'"]+\s*[+\-*/|&]?=[^=]|^\s*(?:#|\/\/)|^\s*<\/?[\w:-]+[^>]*>\s*$|^\s*[)\]}]/;
/** The margin and elision lines of an outline listing (aider's repo map: `│def main():`, `⋮...`). */
const OUTLINE_MARGIN = /^│/;
const OUTLINE_ELISION = /^⋮/;
/** Unfenced paragraphs of at least this many lines, mostly code lines, are treated as code. */
const CODE_MIN_LINES = 3;
const CODE_LINE_SHARE = 0.6;
/** Paragraphs of at least this many lines, nearly all of them short non-sentences, are listings. */
const LISTING_MIN_LINES = 6;
const LISTING_LINE_SHARE = 0.85;
/** A listing line has at most this many words (a pinned package, a path, a key and value…). */
const LISTING_MAX_WORDS = 4;
/** A line this long that holds almost no sentence ends is a data dump (a repr, minified JSON…). */
const DATA_LINE_CHARS = 2_000;
/** Characters per sentence end above which a long line reads as data rather than prose. */
const DATA_CHARS_PER_SENTENCE = 600;

/** A run of lines that is not a list item: a paragraph, unfenced code, a listing or a data dump. */
function paragraphLike(run: string[]): MdBlock {
  if (looksLikeCode(run) || looksLikeListing(run)) return plain('code', run);
  if (run.some(isDataLine)) return plain('data', run);
  return prose('paragraph', run, '', '');
}

function looksLikeCode(lines: readonly string[]): boolean {
  if (lines.length < CODE_MIN_LINES) return false;
  const code = lines.filter(
    (line) => OUTLINE_ELISION.test(line) || CODE_LINE.test(line.replace(OUTLINE_MARGIN, '')),
  ).length;
  return code / lines.length >= CODE_LINE_SHARE;
}

/** Many short lines that are not sentences: a requirements file, a tree, a list of paths or pins. */
function looksLikeListing(lines: readonly string[]): boolean {
  if (lines.length < LISTING_MIN_LINES) return false;
  const short = lines.filter(
    (line) => !/[.!?]["')]?\s*$/.test(line) && line.trim().split(/\s+/).length <= LISTING_MAX_WORDS,
  ).length;
  return short / lines.length >= LISTING_LINE_SHARE;
}

function isDataLine(line: string): boolean {
  if (line.length < DATA_LINE_CHARS) return false;
  const ends = line.match(/[.!?]\s+[A-Z]|[。！？]/g)?.length ?? 0;
  return line.length / (ends + 1) > DATA_CHARS_PER_SENTENCE;
}

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    TABLE.test(line) ||
    QUOTE.test(line) ||
    ITEM.test(line)
  );
}

function runEnd(lines: readonly string[], from: number, inside: (line: string) => boolean): number {
  let end = from;
  while (end < lines.length && inside(lines[end]!)) end++;
  return end;
}

/** Index after the closing fence (same character, at least as long), or the end of the text. */
function fenceEnd(lines: readonly string[], open: number, marker: string): number {
  const close = new RegExp(`^\\s{0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
  for (let j = open + 1; j < lines.length; j++) if (close.test(lines[j]!)) return j + 1;
  return lines.length;
}

function plain(kind: BlockKind, lines: string[]): MdBlock {
  return { kind, lines, prefix: '', continuation: '', prose: '' };
}

function prose(kind: BlockKind, lines: string[], prefix: string, continuation: string): MdBlock {
  const body = lines.map((line, n) => (n === 0 ? line.slice(prefix.length) : line.trimStart()));
  return { kind, lines, prefix, continuation, prose: body.join('\n') };
}

function listItem(lines: string[], marker: string): MdBlock {
  return prose('item', lines, marker, ' '.repeat(marker.length));
}

function quote(lines: string[]): MdBlock {
  const prefix = QUOTE.exec(lines[0]!)?.[0] ?? '> ';
  const body = lines.map((line) => line.replace(QUOTE, ''));
  return { kind: 'quote', lines, prefix, continuation: prefix, prose: body.join('\n') };
}

/** A line of a file name alone (aider writes the path of the file above its fence). */
const FILE_NAME_LINE = /^\s*`?([\w.@~+-]*[\w@~+-]\/)*[\w.@+-]+\.[A-Za-z]\w{0,7}`?:?\s*$/;

/** The file named by block `at` when it is a one-line paragraph of a file name right above a fence. */
export function fenceLabel(blocks: readonly MdBlock[], at: number): string | undefined {
  const block = blocks[at];
  if (block?.kind !== 'paragraph' || block.lines.length !== 1 || blocks[at + 1]?.kind !== 'fence')
    return undefined;
  const name = FILE_NAME_LINE.exec(block.lines[0]!)?.[0];
  return name?.trim().replace(/^`|`?:?$/g, '');
}

/** True for blocks whose sentences are scored (the rest pass through or are reduced whole). */
export function isProse(block: MdBlock): boolean {
  return block.kind === 'paragraph' || block.kind === 'item' || block.kind === 'quote';
}

/** Where a prose block stands for framing: its group, and whether it heads a nested list. */
export interface BlockRole {
  /** Blocks of one group frame together: a paragraph, a quote, or the sibling items of a list. */
  group: number;
  /** A list item with nested items under it, or the file name above a fence: kept like a heading. */
  lead: boolean;
}

/** Groups prose blocks for framing. Items of one list at one nesting level under one parent share a group. */
export function blockRoles(blocks: readonly MdBlock[]): BlockRole[] {
  const roles: BlockRole[] = [];
  let groups = 0;
  /** Open list levels: indent width and group id, innermost last. */
  let levels: { indent: number; group: number; block: number }[] = [];
  blocks.forEach((block, b) => {
    if (block.kind === 'blank') {
      roles.push({ group: -1, lead: false });
      return;
    }
    if (block.kind !== 'item') {
      levels = [];
      roles.push({ group: groups++, lead: fenceLabel(blocks, b) !== undefined });
      return;
    }
    const indent = /^\s*/.exec(block.prefix)?.[0].length ?? 0;
    while (levels.length > 0 && levels[levels.length - 1]!.indent > indent) levels.pop();
    const top = levels[levels.length - 1];
    if (top !== undefined && top.indent === indent) {
      top.block = b;
      roles.push({ group: top.group, lead: false });
    } else {
      if (top !== undefined) roles[top.block]!.lead = true;
      levels.push({ indent, group: groups, block: b });
      roles.push({ group: groups++, lead: false });
    }
  });
  return roles;
}
