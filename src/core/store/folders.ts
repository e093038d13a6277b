/**
 * Written-folder keys: one index word for the folder of each file an entry wrote (a file created or
 * edited by its call), so recall can find the files an agent wrote next to the ones a query names —
 * the scripts beside the one it removes — when they share no other word with the query.
 */
import { ftsTokens, isFileName, NAME_RUN } from './terms.js';

/**
 * Starts every written-folder key. The index splits text into runs of letters and digits; words of
 * a text rarely start with two letters and a zero, so a key is not mistaken for a word.
 */
const WRITTEN_MARK = 'fw0';
/**
 * Folder segments a key is made of, counted from the file: the folder it sits in, so an absolute
 * and a relative name of one folder share a key (`/testbed/a.py`, `testbed/b.py`); two segments
 * find no more (docs/BENCH.md § Provenance).
 */
const FOLDER_DEPTH = 1;
/** Keys kept per entry: a call writing a whole tree must not bloat the index. */
const MAX_FOLDER_KEYS = 16;
/** Characters of a folder segment that make a key: longer ones are not folder names. */
const MAX_FOLDER_CHARS = 80;
/** Files an output may name and still be about the one it wrote ("File created successfully at: …"). */
const MAX_OUTPUT_FILES = 1;
/** Tools that write the file at their path. */
const WRITE_TOOL = /^(?:Write|Edit|MultiEdit|NotebookEdit|write_file|edit_file|create_file)$/;
/** A call that writes: an editor's create / replace / insert command, or a shell redirect into a file. */
const WRITE_CALL =
  /\b(?:create|str_replace|insert|write_file|edit_file)\b|(?:^|\s)>{1,2}\s*[\w./-]+\.[A-Za-z]\w*/m;

/** The written-folder key of a file name (`src/shop/app.py` → `fw0shop`); none for a bare name or a non-file. */
export function writtenFolderKey(name: string): string | undefined {
  if (!isFileName(name)) return undefined;
  const segments = name.split(/[/\\]+/).slice(0, -1);
  const named = segments.filter((s) => s !== '' && s !== '.' && s !== '..' && s !== '~');
  const folder = named.slice(-FOLDER_DEPTH).join('/');
  if (folder === '' || folder.length > MAX_FOLDER_CHARS) return undefined;
  const words = ftsTokens(folder);
  return words.length === 0 ? undefined : WRITTEN_MARK + words.join('');
}

/** What an entry is: the output of a call (and tool) and the original it stored. */
export interface WrittenSource {
  original: string | undefined;
  sourcePath: string | undefined;
  call: string;
  tool: string | undefined;
}

/**
 * The written-folder keys of an entry whose call wrote files: the folders of its tool's path, of the
 * files its call names, and of the file its output names when it names one. None for other entries.
 */
export function writtenFolderKeys({ original, sourcePath, call, tool }: WrittenSource): string[] {
  const writes = (tool !== undefined && WRITE_TOOL.test(tool)) || WRITE_CALL.test(call);
  if (!writes) return [];
  const keys = new Set<string>();
  const add = (text: string | undefined, maxFiles: number): void => {
    const found = new Set<string>();
    for (const match of (text ?? '').matchAll(NAME_RUN)) {
      const key = writtenFolderKey(match[0]);
      if (key === undefined) continue;
      found.add(key);
      if (found.size > maxFiles) return;
    }
    for (const key of found) if (keys.size < MAX_FOLDER_KEYS) keys.add(key);
  };
  add(sourcePath, 1);
  add(call, MAX_FOLDER_KEYS);
  add(original, MAX_OUTPUT_FILES);
  return [...keys];
}
