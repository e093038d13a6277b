import { CODE_HEAD_LINES, CODE_KEEP_LINES, reduceFence, type FenceHints } from './fences.js';
import { fenceLabel, type MdBlock } from './markdown.js';
import { isRepoMap, reduceRepoMap } from './repo-map.js';
import type { Selection, Unit } from './select.js';

export { reduceFence } from './fences.js';

/** The elision mark for dropped sentences and paragraphs. */
export const ELISION = '[…]';
/** Characters a data line (a repr or minified dump inside prose) keeps from its start. */
const DATA_HEAD_CHARS = 240;
/** Lines of a data paragraph kept at most. */
const DATA_KEEP_LINES = 2;
/** Tables with at most this many body rows stay whole. */
const TABLE_KEEP_ROWS = 8;
/** Body rows a longer table keeps. */
const TABLE_HEAD_ROWS = 4;

/** The mark for dropped text: `[…]`, or `[… a, b]` listing the needles only the dropped text held. */
export function elision(listed: readonly string[], lead = ''): string {
  const parts = [lead, listed.join(', ')].filter((part) => part !== '');
  return parts.length === 0 ? ELISION : `[… ${parts.join(': ')}]`;
}

/**
 * Renders the blocks with only the kept units of prose blocks; dropped runs become marks that
 * list the needles (selection.listed) of what they replace.
 */
export function renderBlocks(
  blocks: readonly MdBlock[],
  units: readonly Unit[],
  selection: Selection,
  fixed: ReadonlyMap<number, readonly string[]> = reduceFixedBlocks(blocks),
): string {
  const { kept, listed } = selection;
  const byBlock = new Map<number, number[]>();
  units.forEach((unit, i) => {
    const list = byBlock.get(unit.block);
    if (list) list.push(i);
    else byBlock.set(unit.block, [i]);
  });
  const out: string[] = [];
  let dropped = { items: 0, other: 0, indent: '', blank: false, listed: [] as string[] };
  /** Writes the mark for a run of dropped blocks; `next` is what follows it. */
  const flush = (next?: string): void => {
    if (dropped.items + dropped.other === 0) return;
    const items = dropped.items > 0 && dropped.other === 0;
    const count = items ? `${dropped.items} ${dropped.items === 1 ? 'item' : 'items'}` : '';
    const mark = dropped.indent + elision(dropped.listed, count);
    if (items || dropped.listed.length > 0 || !next?.startsWith(ELISION)) out.push(mark);
    if (dropped.blank) out.push('');
    dropped = { items: 0, other: 0, indent: '', blank: false, listed: [] };
  };
  blocks.forEach((block, b) => {
    switch (block.kind) {
      case 'blank':
        if (dropped.items + dropped.other > 0) dropped.blank = true;
        else if (out[out.length - 1]?.trim() !== '') out.push('');
        return;
      case 'heading':
      case 'rule':
      case 'fence':
      case 'code':
      case 'data':
      case 'table':
        flush();
        out.push(...(fixed.get(b) ?? block.lines));
        return;
      case 'paragraph':
      case 'item':
      case 'quote': {
        const indices = byBlock.get(b) ?? [];
        const anyKept = indices.some((i) => kept[i]);
        const text = anyKept
          ? assemble(
              block,
              indices.map((i) => units[i]!),
              indices.map((i) => kept[i]!),
              indices.map((i) => listed[i] ?? []),
            )
          : undefined;
        if (text === undefined && indices.length > 0) {
          if (dropped.items + dropped.other === 0) dropped.indent = /^\s*/.exec(block.prefix)?.[0] ?? '';
          if (block.kind === 'item') dropped.items++;
          else dropped.other++;
          for (const i of indices) dropped.listed.push(...(listed[i] ?? []));
          return;
        }
        const rendered = text ?? block.lines.join('\n');
        flush(rendered);
        out.push(rendered);
        return;
      }
    }
  });
  flush();
  return out.join('\n');
}

/**
 * What stays of each block that does not depend on the sentence selection (headings, rules,
 * fences, code, data, tables), by block index.
 */
export function reduceFixedBlocks(
  blocks: readonly MdBlock[],
  reasoning = false,
): Map<number, readonly string[]> {
  const fixed = new Map<number, readonly string[]>();
  blocks.forEach((block, b) => {
    switch (block.kind) {
      case 'heading':
      case 'rule':
        fixed.set(b, block.lines);
        return;
      case 'fence':
        fixed.set(b, reduceFence(block.lines, fenceHints(blocks, b, reasoning)));
        return;
      case 'code':
        fixed.set(b, reduceCode(block.lines));
        return;
      case 'data':
        fixed.set(b, reduceData(block.lines));
        return;
      case 'table':
        fixed.set(b, reduceTable(block.lines));
        return;
      case 'blank':
      case 'paragraph':
      case 'item':
      case 'quote':
        return;
    }
  });
  return fixed;
}

/** A block's kept sentences with their original spacing; a mark where sentences were dropped. */
function assemble(
  block: MdBlock,
  units: readonly Unit[],
  kept: readonly boolean[],
  listed: readonly (readonly string[])[],
): string {
  const prose = block.prose;
  let text = '';
  let cursor = 0;
  let gap: string[] | undefined;
  units.forEach((unit, n) => {
    if (!kept[n]) {
      gap = [...(gap ?? []), ...(listed[n] ?? [])];
      cursor = unit.end;
      return;
    }
    if (gap) text += text === '' ? `${elision(gap)} ` : ` ${elision(gap)} `;
    else text += prose.slice(cursor, unit.start);
    text += prose.slice(unit.start, unit.end);
    cursor = unit.end;
    gap = undefined;
  });
  if (gap) text += ` ${elision(gap)}`;
  else text += prose.slice(cursor).trimEnd();
  return block.prefix + text.replaceAll('\n', `\n${block.continuation}`);
}

/** The file a fence belongs to (a paragraph that is only a file name, right above it), and whether the agent quotes it. */
function fenceHints(blocks: readonly MdBlock[], at: number, quoted: boolean): FenceHints {
  const path = fenceLabel(blocks, at - 1);
  return { ...(path === undefined ? {} : { path }), ...(quoted ? { quoted } : {}) };
}

/** Keeps the start of a data dump: its first lines, each cut to DATA_HEAD_CHARS with a count. */
export function reduceData(lines: readonly string[]): string[] {
  const kept = lines
    .slice(0, DATA_KEEP_LINES)
    .map((line) =>
      line.length <= DATA_HEAD_CHARS * 2
        ? line
        : `${line.slice(0, DATA_HEAD_CHARS)} [… ${line.length - DATA_HEAD_CHARS} more chars]`,
    );
  const rest = lines.length - kept.length;
  return rest > 0 ? [...kept, `… ${rest} more lines`] : kept;
}

/** Keeps the first lines of an unfenced code paragraph: `… N more lines`. */
export function reduceCode(lines: readonly string[]): string[] {
  if (isRepoMap(lines)) return reduceRepoMap(lines);
  if (lines.length <= CODE_KEEP_LINES) return [...lines];
  return [...lines.slice(0, CODE_HEAD_LINES), `… ${lines.length - CODE_HEAD_LINES} more lines`];
}

/** Keeps the header, the separator and the first rows of a long table. */
export function reduceTable(lines: readonly string[]): string[] {
  const head = /^\s*\|?\s*:?-{3,}/.test(lines[1] ?? '') ? 2 : 1;
  const rows = lines.length - head;
  if (rows <= TABLE_KEEP_ROWS) return [...lines];
  return [...lines.slice(0, head + TABLE_HEAD_ROWS), `| … ${rows - TABLE_HEAD_ROWS} more rows |`];
}
