import { countPerFolder } from './folders.js';
import { collapseHashed } from './hashed.js';

/**
 * `git status` in its three shapes: short/porcelain (`XY path`), `--name-status` (`M<tab>path`)
 * and the long form (`On branch…`, sections of `<tab>modified:   path`). Every path is kept
 * whole (a later command names it exactly), grouped by status; git's `(use "git …")` hints go.
 */

const SHORT = /^(?! {2})([ MADRCUT?!]{2}) (\S.*)$/;
const NAME_STATUS = /^([MADRCTUX])\d{0,3}\t(.+)$/;
const LONG_START = /^(?:On branch |HEAD detached |Not currently on any branch|Your branch )/;
const LONG_SECTION =
  /^(Changes to be committed|Changes not staged for commit|Untracked files|Unmerged paths|Ignored files):$/;
const LONG_ENTRY =
  /^\t(?:(modified|new file|deleted|renamed|copied|typechange|both modified|both added|both deleted|added by us|added by them|deleted by us|deleted by them):\s+)?(\S.*)$/;
const HINT = /^\s*\(use "git /;

/** Paths kept whole; past them, paths are counted per status and folder. */
const MAX_PATHS = 120;
/** Share of lines that must be short or name-status entries. */
const MIN_SHARE = 0.8;

export function isGitStatus(lines: readonly string[]): boolean {
  if (LONG_START.test(lines[0] ?? '') || LONG_SECTION.test(lines[0] ?? ''))
    return lines.some((line) => LONG_SECTION.test(line));
  const entries = lines.filter((line) => SHORT.test(line) || NAME_STATUS.test(line)).length;
  return entries / lines.length >= MIN_SHARE;
}

export function gitStatusLines(lines: readonly string[]): { out: string[]; note: string } {
  return LONG_START.test(lines[0] ?? '') || LONG_SECTION.test(lines[0] ?? '')
    ? longForm(lines)
    : shortForm(lines);
}

function shortForm(lines: readonly string[]): { out: string[]; note: string } {
  const groups = new Map<string, string[]>();
  const other: string[] = [];
  let paths = 0;
  for (const line of lines) {
    const match = SHORT.exec(line) ?? NAME_STATUS.exec(line);
    if (!match) {
      other.push(line.trim());
      continue;
    }
    const code = (match[1] ?? '').trim() || '?';
    const path = (match[2] ?? '').replace(/\t/g, ' -> ');
    const list = groups.get(code);
    if (list) list.push(path);
    else groups.set(code, [path]);
    paths += 1;
  }
  const room = { left: MAX_PATHS };
  const out = [...groups].map(([code, list]) => `${code}: ${boundedPaths(list, room)}`);
  return { out: [...other, ...out], note: `git status, ${paths} paths` };
}

function longForm(lines: readonly string[]): { out: string[]; note: string } {
  const out: string[] = [];
  let section: { title: string; groups: Map<string, string[]> } | undefined;
  let paths = 0;
  const room = { left: MAX_PATHS };
  const flush = (): void => {
    if (!section) return;
    const parts = [...section.groups].map(([kind, list]) => {
      const names = boundedPaths(list, room);
      return kind === '' ? names : `${kind}: ${names}`;
    });
    out.push(`${section.title}: ${parts.join(' · ')}`);
    section = undefined;
  };
  for (const line of lines) {
    if (HINT.test(line)) continue;
    const title = LONG_SECTION.exec(line);
    if (title) {
      flush();
      section = { title: title[1] ?? '', groups: new Map() };
      continue;
    }
    const entry = section ? LONG_ENTRY.exec(line) : null;
    if (section && entry) {
      const kind = entry[1] ?? '';
      const list = section.groups.get(kind);
      const path = (entry[2] ?? '').trim();
      if (list) list.push(path);
      else section.groups.set(kind, [path]);
      paths += 1;
      continue;
    }
    flush();
    out.push(line.trim());
  }
  flush();
  return { out, note: `git status, ${paths} paths` };
}

/** Paths whole while `room` lasts (generated names counted), then counted per folder. */
function boundedPaths(list: readonly string[], room: { left: number }): string {
  const collapsed = collapseHashed(list, baseName);
  const shown = collapsed.slice(0, Math.max(0, room.left));
  room.left -= shown.length;
  const rest = [...countPerFolder(collapsed.slice(shown.length))].map(
    ([folder, n]) => `+${n.toLocaleString('en-US')} in ${folder}`,
  );
  return [...shown, ...rest].join(' ');
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
