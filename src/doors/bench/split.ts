import { createHash } from 'node:crypto';
import path from 'node:path';
import { sourceOf } from './folds.js';

/** Which part of a folder of sessions a bench run replays. */
export type SplitName = 'dev' | 'holdout' | 'all';

export const SPLIT_NAMES: readonly SplitName[] = ['dev', 'holdout', 'all'];

/** Share of each format folder's files held out from tuning. */
export const HOLDOUT_SHARE = 0.3;

/**
 * The held-out files of one given folder: in each source folder (folds.ts `sourceOf`; files at
 * the root form their own group), the files are ranked by the SHA-256 of their path
 * relative to the root, and the first 30% (rounded) are held out. The split depends only on the
 * relative paths, so it is the same on every machine and from any working directory; stratifying
 * by folder keeps every format on both sides. Whole files are split (an aider history's sessions
 * stay together).
 */
export function holdoutFiles(root: string, files: readonly string[]): Set<string> {
  const groups = new Map<string, Array<{ file: string; rank: string }>>();
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const group = sourceOf(root, file);
    const rank = createHash('sha256').update(relative).digest('hex');
    const list = groups.get(group);
    if (list) list.push({ file, rank });
    else groups.set(group, [{ file, rank }]);
  }
  const held = new Set<string>();
  for (const list of groups.values()) {
    list.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    const count = Math.round(list.length * HOLDOUT_SHARE);
    for (const item of list.slice(0, count)) held.add(item.file);
  }
  return held;
}

/** Whether a file belongs to the split, given the held-out set of its folder. */
export function inSplit(split: SplitName, file: string, held: ReadonlySet<string>): boolean {
  if (split === 'all') return true;
  return held.has(file) === (split === 'holdout');
}
