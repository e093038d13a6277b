import type { CompressContext, Summary } from './types.js';
import { unchanged } from './guard.js';

/**
 * File listings (`tree`, `ls -l`, `find`, a Glob's paths): what an agent later opens is one of the
 * names, so a summary keeps every name and drops the drawing around them. `tree` becomes one line
 * per folder with its file names; `ls -l` keeps each name with its size; a list of paths keeps the
 * paths whole (a later Read uses the exact string) up to MAX_PATHS, then counts per folder.
 */

/** Share of non-empty lines that must look like listing lines. */
const MIN_SHARE = 0.8;
/** Fewer lines than this are not worth a listing summary. */
const MIN_LINES = 8;
/** Paths kept whole in a path list; the rest are counted per folder. */
const MAX_PATHS = 120;

const TREE_LINE = /^((?:[│|]\s{2,3}|\s{4})*)(?:[├└|`]──|[├└]─)\s?(.+)$/;
const LS_LINE =
  /^[-dlcbps][-rwxsStT@+.]{9,10}\s+\d+\s+\S+\s+\S+\s+(\d+)\s+\w{3}\s+\d{1,2}\s+[\d:]{4,5}\s+(.+)$/;
const PATH_LINE = /^(?:\.{0,2}\/)?[\w@~.+-]+(?:\/[\w@~.+ -]+)*\/?$/;
const TREE_TOTALS = /^\d+ director(?:y|ies)(?:, \d+ files?)?$/;

export type ListingKind = 'tree' | 'ls' | 'paths';

/** The kind of listing a text is, or undefined when it is not one. */
export function listingKind(text: string): ListingKind | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < MIN_LINES) return undefined;
  const share = (test: (line: string) => boolean) => lines.filter(test).length / lines.length;
  if (share((l) => TREE_LINE.test(l)) >= MIN_SHARE - 0.1) return 'tree';
  if (share((l) => LS_LINE.test(l) || /^total \d+$/.test(l)) >= MIN_SHARE) return 'ls';
  if (share((l) => PATH_LINE.test(l.trim()) && /[/.]/.test(l)) >= MIN_SHARE) return 'paths';
  return undefined;
}

/** Summary of a file listing; unchanged when the text is not one. */
export function compressListing(text: string, _context: CompressContext = {}): Summary {
  const kind = listingKind(text);
  if (kind === undefined) return unchanged(text, 'not a listing');
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const body = kind === 'tree' ? treeLines(lines) : kind === 'ls' ? lsLines(lines) : pathLines(lines);
  return {
    text: [`[listing: ${body.note}]`, ...body.out].join('\n'),
    helped: true,
    note: `listing: ${body.note}`,
  };
}

function treeLines(lines: readonly string[]): { out: string[]; note: string } {
  const stack: string[] = [];
  const folders = new Map<string, string[]>();
  const order: string[] = [];
  const head: string[] = [];
  const tail: string[] = [];
  let files = 0;
  const folder = (name: string) => {
    if (!folders.has(name)) {
      folders.set(name, []);
      order.push(name);
    }
    return folders.get(name) as string[];
  };
  for (const line of lines) {
    const match = TREE_LINE.exec(line);
    if (!match) {
      if (!TREE_TOTALS.test(line.trim())) (files === 0 ? head : tail).push(line.trim());
      continue;
    }
    const depth = Math.round((match[1] ?? '').length / 4);
    const name = (match[2] ?? '').trim();
    stack.length = depth;
    const parent = stack.join('/');
    folder(parent).push(name);
    stack.push(name);
    files += 1;
  }
  // A name that has children is a folder: it is listed on its own line, not among its parent's files.
  const rows: string[] = [];
  for (const name of order) {
    const entries = (folders.get(name) ?? []).filter(
      (entry) => !folders.has(name ? `${name}/${entry}` : entry),
    );
    if (entries.length) rows.push(`${name ? `${name}/` : './'}: ${entries.join(' ')}`);
  }
  return { out: [...head, ...rows, ...tail], note: `${files} entries in ${order.length} folders` };
}

function lsLines(lines: readonly string[]): { out: string[]; note: string } {
  const names: string[] = [];
  const other: string[] = [];
  for (const line of lines) {
    const match = LS_LINE.exec(line);
    if (!match) {
      if (!/^total \d+$/.test(line)) other.push(line.trim());
      continue;
    }
    const name = match[2] ?? '';
    if (name === '.' || name === '..') continue;
    names.push(line.startsWith('d') ? `${name}/` : `${name} ${match[1]}`);
  }
  return { out: [...other, names.join(' · ')], note: `${names.length} entries (name, size)` };
}

function pathLines(lines: readonly string[]): { out: string[]; note: string } {
  const paths = lines.map((line) => line.trim());
  const kept = paths.slice(0, MAX_PATHS);
  const counts = new Map<string, number>();
  for (const path of paths.slice(MAX_PATHS)) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : './';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const rest = [...counts].map(([folder, n]) => `[… ${n} more in ${folder}]`);
  return { out: [...kept, ...rest], note: `${paths.length} paths` };
}
