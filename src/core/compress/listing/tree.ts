import { collapseHashed } from './hashed.js';

/** One entry of a drawn listing: how deep it sits and its name (folders may end with `/`). */
export interface TreeEntry {
  depth: number;
  name: string;
}

/**
 * A drawn listing (`tree`, Claude Code's LS) as one line per folder with its file names, folders
 * that have children on lines of their own. Lines that are not entries stay, before or after.
 */
export function folderRows(
  lines: readonly string[],
  parse: (line: string) => TreeEntry | undefined,
  isTotals: (line: string) => boolean = () => false,
): { out: string[]; note: string } {
  const stack: string[] = [];
  const folders = new Map<string, string[]>();
  const head: string[] = [];
  const tail: string[] = [];
  let entries = 0;
  const folder = (path: string): string[] => {
    let names = folders.get(path);
    if (!names) folders.set(path, (names = []));
    return names;
  };
  for (const line of lines) {
    const entry = parse(line);
    if (!entry) {
      if (!isTotals(line.trim())) (entries === 0 ? head : tail).push(line.trim());
      continue;
    }
    stack.length = Math.min(stack.length, entry.depth);
    folder(stack.join('/')).push(entry.name);
    stack.push(stripSlash(entry.name));
    entries += 1;
  }
  // A name that has children is a folder: it is listed on its own line, not among its parent's files.
  const rows: string[] = [];
  for (const [path, names] of folders) {
    const files = names.filter(
      (name) => !folders.has(path ? `${path}/${stripSlash(name)}` : stripSlash(name)),
    );
    if (files.length) rows.push(`${path ? `${path}/` : './'}: ${collapseHashed(files).join(' ')}`);
  }
  return { out: [...head, ...rows, ...tail], note: `${entries} entries in ${folders.size} folders` };
}

function stripSlash(name: string): string {
  return name.length > 1 && name.endsWith('/') ? name.slice(0, -1) : name;
}
