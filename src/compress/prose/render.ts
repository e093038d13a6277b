import type { MdBlock } from './markdown.js';
import type { Unit } from './select.js';

/** The elision mark for dropped sentences and paragraphs. */
export const ELISION = '[…]';
/** Fenced code blocks with at most this many lines stay whole. */
const CODE_KEEP_LINES = 8;
/** Lines a longer code block keeps. */
const CODE_HEAD_LINES = 3;
/** Tables with at most this many body rows stay whole. */
const TABLE_KEEP_ROWS = 8;
/** Body rows a longer table keeps. */
const TABLE_HEAD_ROWS = 4;

/** Renders the blocks with only the kept units of prose blocks; dropped runs become marks. */
export function renderBlocks(
  blocks: readonly MdBlock[],
  units: readonly Unit[],
  kept: readonly boolean[],
): string {
  const byBlock = new Map<number, number[]>();
  units.forEach((unit, i) => {
    const list = byBlock.get(unit.block);
    if (list) list.push(i);
    else byBlock.set(unit.block, [i]);
  });
  const out: string[] = [];
  let dropped = { items: 0, other: 0, indent: '', blank: false };
  /** Writes the mark for a run of dropped blocks; `next` is what follows it. */
  const flush = (next?: string): void => {
    if (dropped.items + dropped.other === 0) return;
    const items = dropped.items > 0 && dropped.other === 0;
    const mark = items
      ? `${dropped.indent}[… ${dropped.items} ${dropped.items === 1 ? 'item' : 'items'}]`
      : ELISION;
    if (items || !next?.startsWith(ELISION)) out.push(mark);
    if (dropped.blank) out.push('');
    dropped = { items: 0, other: 0, indent: '', blank: false };
  };
  blocks.forEach((block, b) => {
    switch (block.kind) {
      case 'blank':
        if (dropped.items + dropped.other > 0) dropped.blank = true;
        else if (out[out.length - 1]?.trim() !== '') out.push('');
        return;
      case 'heading':
      case 'rule':
        flush();
        out.push(...block.lines);
        return;
      case 'fence':
        flush();
        out.push(...reduceFence(block.lines));
        return;
      case 'code':
        flush();
        out.push(...reduceCode(block.lines));
        return;
      case 'table':
        flush();
        out.push(...reduceTable(block.lines));
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
            )
          : undefined;
        if (text === undefined && indices.length > 0) {
          if (dropped.items + dropped.other === 0) dropped.indent = /^\s*/.exec(block.prefix)?.[0] ?? '';
          if (block.kind === 'item') dropped.items++;
          else dropped.other++;
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

/** A block's kept sentences with their original spacing; `[…]` where sentences were dropped. */
function assemble(block: MdBlock, units: readonly Unit[], kept: readonly boolean[]): string {
  const prose = block.prose;
  let text = '';
  let cursor = 0;
  let gap = false;
  units.forEach((unit, n) => {
    if (!kept[n]) {
      gap = true;
      cursor = unit.end;
      return;
    }
    if (gap) text += text === '' ? `${ELISION} ` : ` ${ELISION} `;
    else text += prose.slice(cursor, unit.start);
    text += prose.slice(unit.start, unit.end);
    cursor = unit.end;
    gap = false;
  });
  if (gap) text += ` ${ELISION}`;
  else text += prose.slice(cursor).trimEnd();
  return block.prefix + text.replaceAll('\n', `\n${block.continuation}`);
}

/** Keeps the fences and the first lines of a long code block: `… N more lines`. */
export function reduceFence(lines: readonly string[]): string[] {
  const closed = lines.length > 1 && /^\s*(`{3,}|~{3,})\s*$/.test(lines[lines.length - 1]!);
  const body = lines.slice(1, closed ? -1 : undefined);
  if (body.length <= CODE_KEEP_LINES) return [...lines];
  const indent = /^\s*/.exec(lines[0]!)?.[0] ?? '';
  const reduced = [
    lines[0]!,
    ...body.slice(0, CODE_HEAD_LINES),
    `${indent}… ${body.length - CODE_HEAD_LINES} more lines`,
  ];
  return closed ? [...reduced, lines[lines.length - 1]!] : reduced;
}

/** Keeps the first lines of an unfenced code paragraph: `… N more lines`. */
export function reduceCode(lines: readonly string[]): string[] {
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
