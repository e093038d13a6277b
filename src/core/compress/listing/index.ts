import type { CompressContext, Summary } from '../types.js';
import { count } from '../../format/index.js';
import { unchanged } from '../guard.js';
import { countPerFolder } from './folders.js';
import { gitStatusLines, isGitStatus } from './git-status.js';
import { grepLines, isGrepOutput } from './grep.js';
import { testIdLines, isTestIdList } from './test-ids.js';
import { folderRows, type TreeEntry } from './tree.js';

/**
 * File listings (`tree`, Claude Code's LS, `ls -l`, `git status`, test ids, `find`, a Glob's
 * paths): what an agent later opens is one of the names, so a summary keeps every name and drops
 * the drawing around them. A drawn tree becomes one line per folder with its file names; `ls -l`
 * keeps each name with its size; `git status` its paths by status; test ids one line per file; a
 * list of paths keeps the paths whole (a later Read uses the exact string) up to MAX_PATHS, then
 * counts per folder; grep output each file once with its matches (grep.ts). Generated names
 * (UUIDs, digests) are counted, not spelled out.
 */

/** Share of non-empty lines that must look like listing lines. */
const MIN_SHARE = 0.8;
/** Fewer lines than this are not worth a listing summary. */
const MIN_LINES = 8;
/** Paths kept whole in a path list; the rest are counted per folder. */
const MAX_PATHS = 120;

const TREE_LINE = /^((?:[│|]\s{2,3}|\s{4})*)(?:[├└|`]──|[├└]─)\s?(.+)$/;
/** Claude Code's LS tool: `- name`, two spaces of indent per level, folders ending in `/`. */
const BULLET_LINE = /^((?: {2})*)- (\S(?:.*\S)?)$/;
const LS_LINE =
  /^[-dlcbps][-rwxsStT@+.]{9,10}\s+\d+\s+\S+\s+\S+\s+(\d+)\s+\w{3}\s+\d{1,2}\s+[\d:]{4,5}\s+(.+)$/;
const PATH_LINE = /^(?:\.{0,2}\/)?[\w@~.+-]+(?:\/[\w@~.+ -]+)*\/?$/;
const TREE_TOTALS = /^\d+ director(?:y|ies)(?:, \d+ files?)?$/;

export type ListingKind = 'tree' | 'bullets' | 'ls' | 'git-status' | 'test-ids' | 'paths' | 'grep';

/** The kind of listing a text is, or undefined when it is not one. */
export function listingKind(text: string): ListingKind | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < MIN_LINES) return undefined;
  const share = (test: (line: string) => boolean) => lines.filter(test).length / lines.length;
  if (share((l) => TREE_LINE.test(l)) >= MIN_SHARE - 0.1) return 'tree';
  if (isBulletTree(lines)) return 'bullets';
  if (share((l) => LS_LINE.test(l) || /^total \d+$/.test(l)) >= MIN_SHARE) return 'ls';
  if (isGitStatus(lines)) return 'git-status';
  if (isTestIdList(lines)) return 'test-ids';
  if (share((l) => PATH_LINE.test(l.trim()) && /[/.]/.test(l)) >= MIN_SHARE) return 'paths';
  if (isGrepOutput(lines)) return 'grep';
  return undefined;
}

/** Summary of a file listing; unchanged when the text is not one. */
export function compressListing(text: string, _context: CompressContext = {}): Summary {
  const kind = listingKind(text);
  if (kind === undefined) return unchanged(text, 'not a listing');
  const all = text.split('\n').filter((line) => line.trim() !== '');
  // A tree repeats names under different folders: only self-contained lines are folded.
  const lines = kind === 'tree' || kind === 'bullets' ? all : [...new Set(all)];
  const body = summarize(kind, lines);
  const repeats = all.length - lines.length;
  const note = repeats > 0 ? `${body.note}; ${count(repeats, 'repeated line')} folded` : body.note;
  const out = [`[listing: ${note}]`, ...body.out].join('\n');
  if (out.length >= text.length) return unchanged(text, `listing: ${note}; no gain`);
  return { text: out, helped: true, note: `listing: ${note}` };
}

function summarize(kind: ListingKind, lines: readonly string[]): { out: string[]; note: string } {
  switch (kind) {
    case 'tree':
      return folderRows(lines, treeEntry, (line) => TREE_TOTALS.test(line));
    case 'bullets':
      return folderRows(lines, bulletEntry);
    case 'ls':
      return lsLines(lines);
    case 'git-status':
      return gitStatusLines(lines);
    case 'test-ids':
      return testIdLines(lines);
    case 'paths':
      return pathLines(lines);
    case 'grep':
      return grepLines(lines);
  }
}

function treeEntry(line: string): TreeEntry | undefined {
  const match = TREE_LINE.exec(line);
  return match
    ? { depth: Math.round((match[1] ?? '').length / 4), name: (match[2] ?? '').trim() }
    : undefined;
}

function bulletEntry(line: string): TreeEntry | undefined {
  const match = BULLET_LINE.exec(line);
  return match ? { depth: (match[1] ?? '').length / 2, name: match[2] ?? '' } : undefined;
}

/**
 * Bullets that are file names, nested: a markdown list of sentences is not a listing. Names have
 * no spaces (mostly), some end in `/` and some sit deeper than others.
 */
function isBulletTree(lines: readonly string[]): boolean {
  const entries = lines.map((line) => BULLET_LINE.exec(line)).filter((m) => m !== null);
  if (entries.length / lines.length < MIN_SHARE) return false;
  const names = entries.map((m) => m[2] ?? '');
  const nameLike = names.filter((name) => !/\s/.test(name)).length / names.length;
  return (
    nameLike >= MIN_SHARE &&
    names.some((name) => name.endsWith('/')) &&
    entries.some((m) => (m[1] ?? '').length > 0)
  );
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
  return {
    out: [...other, names.join(' · ')],
    note: `${count(names.length, 'entry', 'entries')} (name, size)`,
  };
}

function pathLines(lines: readonly string[]): { out: string[]; note: string } {
  const paths = lines.map((line) => line.trim());
  const kept = paths.slice(0, MAX_PATHS);
  const rest = [...countPerFolder(paths.slice(MAX_PATHS))].map(([folder, n]) => `[… ${n} more in ${folder}]`);
  return { out: [...kept, ...rest], note: count(paths.length, 'path') };
}
