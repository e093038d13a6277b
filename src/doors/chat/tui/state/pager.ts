import { tableLines } from '../table-lines.js';
import type { TranscriptItem } from './items.js';

/**
 * A command's output too tall for the screen, read in a pager: which item it is (it stays live,
 * unprinted, while it is read) and the first screen row shown.
 */
export interface PageState {
  itemId: number;
  top: number;
}

/** The lines an item shows, as the transcript draws it: a notice's text, a table's title and rows. */
export function itemLines(item: TranscriptItem): string[] {
  switch (item.kind) {
    case 'notice':
      return (item.tone === 'info' ? item.text : `⚠ ${item.text}`).split('\n');
    case 'table':
      return tableLines(item.title, item.rows);
    case 'user':
    case 'assistant':
    case 'thinking':
      return item.text.split('\n');
    case 'tool':
      return [item.name, ...(item.output ?? '').split('\n')];
  }
}

/**
 * The lines cut into screen rows of `width` cells (a character a cell; an empty line is a row), so
 * the pager scrolls by rows the terminal shows and none of a long line is lost off its right edge.
 */
export function screenRows(lines: readonly string[], width: number): string[] {
  const cells = Math.max(1, width);
  const rows: string[] = [];
  for (const line of lines) {
    const chars = [...line.replace(/\t/g, '    ')];
    if (chars.length === 0) rows.push('');
    for (let at = 0; at < chars.length; at += cells) rows.push(chars.slice(at, at + cells).join(''));
  }
  return rows;
}

/** The first row shown, kept so the last page is full and the first row is 0. */
export function clampTop(top: number, total: number, body: number): number {
  return Math.max(0, Math.min(top, total - body));
}
