import { compoundKey, NAME_RUN, writtenFolderKey } from '../store/index.js';
import type { Candidate, SearchScope, StoreIndex } from '../store/index.js';

/**
 * Entries that wrote a file in a folder the query names a file in rank higher by this: an agent
 * removing its scripts, or summing up the files it made, is after the other files it wrote there,
 * which share no word with what it says but the folder. Chosen side by side on the recorded
 * sessions' needles (docs/BENCH.md § Provenance).
 */
const W_WRITTEN_NEAR = 0.6;
/** Folders of a query looked up: a long summary names many. */
const MAX_NEAR_FOLDERS = 8;
/** Entries of the folder lookup: those writing the query's folders most, in fewest index words. */
const NEAR_ENTRIES = 8;
/** Entries the lookup reads before those of other sessions are dropped. */
const NEAR_LOOKUP = 32;
/** Of those, entries not found by the query's words that join the candidates. */
const NEAR_JOINING = 3;

/**
 * The written-folder keys of the files a query names (in order of first mention, at most
 * MAX_NEAR_FOLDERS), and those files' own name keys: an entry about one of them is found by its words.
 */
export function queryFolders(query: string): { folders: string[]; files: string[] } {
  const folders = new Set<string>();
  const files = new Set<string>();
  for (const match of query.matchAll(NAME_RUN)) {
    const folder = writtenFolderKey(match[0]);
    if (folder === undefined) continue;
    folders.add(folder);
    const file = compoundKey(match[0]);
    if (file !== undefined) files.add(file);
    if (folders.size >= MAX_NEAR_FOLDERS) break;
  }
  return { folders: [...folders], files: [...files] };
}

/** Candidates with the entries written near the query's files among them, and the bonus of each. */
export interface NearCandidates {
  entries: Candidate[];
  bonus: ReadonlyMap<number, number>;
}

/**
 * The text candidates and the entries that wrote other files in the query's folders (the asking
 * session's only, when a session asks): the first few not found by text join with no text relevance, and
 * all of them get the near bonus.
 */
export function withNearPaths(
  deps: Pick<StoreIndex, 'search'>,
  query: string,
  entries: Candidate[],
  scope: SearchScope,
  now: number,
): NearCandidates {
  const { folders, files } = queryFolders(typeof query === 'string' ? query : '');
  const bonus = new Map<number, number>();
  if (folders.length === 0) return { entries, bonus };
  // The session asking is kept after the lookup: an FTS5 match bounded by a list of rowids runs once a rowid.
  const near = deps.search
    .byKeys({ any: folders, none: files }, scope, now, NEAR_LOOKUP)
    .filter((e) => scope.current === undefined || e.inSession === 1)
    .slice(0, NEAR_ENTRIES);
  const found = new Set(entries.map((e) => e.seq));
  const joining = near.filter((e) => !found.has(e.seq)).slice(0, NEAR_JOINING);
  for (const e of [...near.filter((e) => found.has(e.seq)), ...joining]) bonus.set(e.seq, W_WRITTEN_NEAR);
  return { entries: [...entries, ...joining.map((e) => ({ ...e, rank: 0 }))], bonus };
}
