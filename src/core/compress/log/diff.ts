import { clipLine } from '../../classify/index.js';
import { presentRefs, refsOf } from './refs.js';

/** Changed lines shown per modified file; the rest are counted. */
const DIFF_LINES_PER_FILE = 6;
/** Files listed one per line; beyond this, new and deleted files are grouped by directory. */
const DIFF_FILES_LISTED = 30;
/** Exception types and locations listed from the lines a diff summary hides. */
const MAX_MENTIONS = 48;
/** Changed lines are clipped to this many characters. */
const DIFF_LINE_MAX = 160;
/** Share of diff-shaped lines for a text to be a diff. */
const DIFF_SHARE = 0.8;

interface FileDiff {
  path: string;
  status: 'modified' | 'new' | 'deleted' | 'renamed' | 'binary';
  added: number;
  removed: number;
  /** Hunk headers and changed lines, in order (bounded). */
  shown: string[];
  /** Changed lines not shown. */
  omitted: number;
}

const FILE_START = /^diff --git a\/(.+?) b\/(.+)$/;
const HUNK = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;
const DIFF_LINE =
  /^(?:diff --git |index |--- |\+\+\+ |@@ |[-+ \\]|new file mode|deleted file mode|similarity index|rename (?:from|to) |old mode|new mode|Binary files |$)/;

/** True when the lines are a unified diff (`git diff`, `diff -u`). */
export function isDiff(lines: readonly string[]): boolean {
  const start = lines.findIndex((line) => line !== '');
  const first = lines[start] ?? '';
  if (!FILE_START.test(first) && !first.startsWith('--- ')) return false;
  const fitting = lines.filter((line) => DIFF_LINE.test(line)).length;
  return fitting / Math.max(1, lines.length) >= DIFF_SHARE;
}

/**
 * A diff reduced to its files, their +/− counts, hunk headers and the first changed lines of
 * each file; a last line lists the exception types and locations the hidden lines mention.
 */
export function summariseDiff(lines: readonly string[]): string[] {
  const files = parseDiff(lines);
  const out = renderFiles(files);
  const shown = presentRefs(out);
  const hidden = refsOf(lines).filter((ref) => !shown.has(ref));
  if (hidden.length > 0)
    out.push(
      `[mentions: ${hidden.slice(0, MAX_MENTIONS).join(', ')}${hidden.length > MAX_MENTIONS ? `, +${hidden.length - MAX_MENTIONS} more` : ''}]`,
    );
  return out;
}

function renderFiles(files: readonly FileDiff[]): string[] {
  const added = files.reduce((sum, file) => sum + file.added, 0);
  const removed = files.reduce((sum, file) => sum + file.removed, 0);
  const out = [`[diff: ${files.length} file${files.length === 1 ? '' : 's'}, +${added} −${removed}]`];
  const grouped = files.length > DIFF_FILES_LISTED;
  const groups = new Map<string, { status: string; files: number; added: number; removed: number }>();
  for (const file of files) {
    if (grouped && (file.status === 'new' || file.status === 'deleted')) {
      const dir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/') + 1) : './';
      const key = `${dir}\u0000${file.status}`;
      const group = groups.get(key) ?? { status: file.status, files: 0, added: 0, removed: 0 };
      group.files++;
      group.added += file.added;
      group.removed += file.removed;
      if (!groups.has(key)) out.push(key);
      groups.set(key, group);
      continue;
    }
    out.push(`${file.path} (${fileLabel(file)})`);
    if (file.status !== 'new' && file.status !== 'deleted') out.push(...file.shown);
    if (file.omitted > 0 && file.status !== 'new' && file.status !== 'deleted')
      out.push(`  [… ${file.omitted} more changed lines]`);
  }
  return out.map((line) => {
    const group = groups.get(line);
    if (group === undefined) return line;
    const dir = line.slice(0, line.indexOf('\u0000'));
    return `${dir} (${group.files} ${group.status} files, +${group.added} −${group.removed})`;
  });
}

function fileLabel(file: FileDiff): string {
  const counts = `+${file.added} −${file.removed}`;
  return file.status === 'modified' ? counts : `${file.status}, ${counts}`;
}

/** A hunk header without its line counts (the +/− totals are on the file line): `@@ -99 +99 @@ f`. */
function shortHunk(line: string): string {
  return line.replace(/^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/, '@@ -$1 +$2 @@');
}

function parseDiff(lines: readonly string[]): FileDiff[] {
  const files: FileDiff[] = [];
  let file: FileDiff | undefined;
  let inHunk = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const start = FILE_START.exec(line);
    const plainStart =
      line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ') === true && file?.path !== line.slice(4);
    if (start || (plainStart && (file === undefined || inHunk))) {
      file = {
        path: start?.[2] ?? line.slice(4).replace(/^a\//, ''),
        status: 'modified',
        added: 0,
        removed: 0,
        shown: [],
        omitted: 0,
      };
      files.push(file);
      inHunk = false;
      continue;
    }
    if (file === undefined) continue;
    if (!inHunk) {
      if (line.startsWith('new file mode')) file.status = 'new';
      else if (line.startsWith('deleted file mode')) file.status = 'deleted';
      else if (line.startsWith('rename to ')) file.status = 'renamed';
      else if (line.startsWith('Binary files ')) file.status = 'binary';
      else if (line.startsWith('+++ ') && !line.startsWith('+++ /dev/null'))
        file.path = line.slice(4).replace(/^b\//, '');
    }
    if (HUNK.test(line)) {
      inHunk = true;
      if (file.shown.length < DIFF_LINES_PER_FILE)
        file.shown.push(`  ${clipLine(shortHunk(line), DIFF_LINE_MAX)}`);
      continue;
    }
    if (!inHunk) continue;
    const added = line.startsWith('+');
    const removed = line.startsWith('-');
    if (!added && !removed) continue;
    if (added) file.added++;
    else file.removed++;
    if (file.shown.length < DIFF_LINES_PER_FILE) file.shown.push(`  ${clipLine(line, DIFF_LINE_MAX)}`);
    else file.omitted++;
  }
  return files;
}
