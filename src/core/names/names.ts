/**
 * The names a summary left out. A summary keeps a text's shape (signatures, headings, error lines,
 * counts) but drops most of its lines, and with them the names an agent comes back to: a file in a
 * listing, an error type in a skipped frame, a test id in a long run, a constant in a read file, a
 * function a document names in backticks.
 * This lists them on one line under the summary, so the model still sees that they were there (and
 * what to recall or fetch) for a few tokens each.
 */

/** Most names listed under one summary; the rest are said as a count. */
export const MAX_NAMES = 24;
/**
 * Characters of names listed under one summary (~60 tokens): a longer line shows hardly more of
 * the names an agent uses later, for many more tokens (docs/BENCH.md § Provenance).
 */
export const MAX_NAMES_CHARS = 250;
/** Names looked at, rarer kinds first, before the ones a longer name shows are dropped. */
const MAX_CANDIDATES = MAX_NAMES * 8;
/** Names longer than this are whole lines, not names. */
const MAX_NAME_LENGTH = 120;
/** Names of one kind looked at in one text. */
const MAX_PER_KIND = 400;

/** A token that can be a name: path and identifier characters. */
const TOKEN = /[\w./~@+:-]+/g;
/** `dir/file.ext` or `file.ext`, with an extension that starts with a letter. */
const FILE = /^(?:[\w.~@+-]*\/)*[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,7}$/;
/** `file.ext:line` or `file.ext:line:col`. */
const FILE_LINE = /^(.+\.[A-Za-z][A-Za-z0-9]{0,7}):(\d+)(?::\d+)?$/;
/** `tests/test_x.py::TestY::test_z`. */
const FILE_TEST = /^[\w/.-]+\.[A-Za-z]\w*::\w+(?:::\w+)*$/;
const ERROR_TYPE = /\b[A-Za-z_]\w*(?:Error|Exception|Warning)\b/g;
const TEST_NAME = /\btest_\w+/g;
/** An identifier in backticks, as documents and reports name code: `parse_args`, `Foo.bar()`. */
const CODE_SPAN = /`([A-Za-z_][\w.:]{2,}(?:\(\))?)`/g;
/** Numbers of 4+ digits that are not part of a longer token or a decimal. */
const NUMBER = /(?<![\w.])\d{4,}(?![\w.])/g;
/**
 * Extensions that make a bare `name.ext` a file name. With a slash any short alphabetic extension
 * will do; without one, `self.value` or `os.path` would pass for files.
 */
const FILE_EXTENSIONS = new Set(
  (
    'py pyi ts tsx mts cts js jsx mjs cjs json jsonl md mdx rst txt yaml yml toml cfg ini conf lock rs go ' +
    'java kt c h cc cpp hpp cs rb php swift sh bash zsh ps1 html htm css scss less sql xml csv tsv log env ' +
    'ipynb vue svelte lua pl r scala dart ex exs erl hs ml proto gradle patch diff pdf png jpg jpeg gif svg ' +
    'tex wasm so dll exe gz zip tar whl cmake mk'
  ).split(' '),
);

type NameKind = 'error' | 'test' | 'file-line' | 'file' | 'code' | 'number';

/** The order names are listed in when there are more than fit: the rarer kinds first. */
const KIND_ORDER: readonly NameKind[] = ['error', 'test', 'file-line', 'file', 'code', 'number'];

function isFile(token: string): boolean {
  if (!FILE.test(token) || token.includes('..')) return false;
  const extension = token.slice(token.lastIndexOf('.') + 1);
  if (token.includes('/'))
    return /^[a-z]{1,5}$/.test(extension) || FILE_EXTENSIONS.has(extension.toLowerCase());
  return FILE_EXTENSIONS.has(extension.toLowerCase()) && !token.startsWith('.');
}

/**
 * The names of a text, in the order they first appear, each with its kind; at most
 * MAX_PER_KIND of each kind, so a huge text costs a bounded check against its summary.
 */
export function namesOf(text: string): Map<string, NameKind> {
  const names = new Map<string, NameKind>();
  const perKind = new Map<NameKind, number>();
  const add = (name: string, kind: NameKind) => {
    const count = perKind.get(kind) ?? 0;
    if (count >= MAX_PER_KIND || names.has(name)) return;
    names.set(name, kind);
    perKind.set(kind, count + 1);
  };
  for (const match of text.matchAll(TOKEN)) {
    // Every file, file:line and file::test name has a dot: most tokens need no further test.
    if (match[0].length > MAX_NAME_LENGTH || !match[0].includes('.')) continue;
    const token = match[0].replace(/[.:,-]+$/, '');
    const fileLine = FILE_LINE.exec(token);
    if (FILE_TEST.test(token)) add(token, 'test');
    else if (fileLine && isFile(fileLine[1] ?? '')) add(token, 'file-line');
    else if (isFile(token)) add(token, 'file');
  }
  for (const match of text.matchAll(ERROR_TYPE))
    if (match[0].length <= MAX_NAME_LENGTH) add(match[0], 'error');
  for (const match of text.matchAll(TEST_NAME)) if (match[0].length <= MAX_NAME_LENGTH) add(match[0], 'test');
  for (const match of text.matchAll(CODE_SPAN))
    if ((match[1] ?? '').length <= MAX_NAME_LENGTH) add(match[1] ?? '', 'code');
  for (const match of text.matchAll(NUMBER))
    if (match[0].length <= 12 && !isContextLineNumber(text, match.index, match[0].length))
      add(match[0], 'number');
  return names;
}

/** A grep context line's number (`src/a.ts-1792-  text`): where a match is, not a name. */
function isContextLineNumber(text: string, at: number, length: number): boolean {
  return text[at - 1] === '-' && text[at + length] === '-' && /[\w.]/.test(text[at - 2] ?? '');
}

/** True when `name` occurs in `text` as a whole (not inside a longer word). */
export function mentions(text: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return false;
    if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + name.length))) return true;
    from = at + 1;
  }
}

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

/**
 * Whether a summary shows a name: the name itself, or for a test id (`tests/a.py::TestX::test_y`)
 * its file and its test name, as a listing of test ids writes them (`tests/a.py: TestX:: test_y`).
 */
function shows(summary: string, name: string): boolean {
  if (mentions(summary, name)) return true;
  const parts = name.split('::');
  if (parts.length < 2) return false;
  const test = (parts.at(-1) ?? '').replace(/\[.*\]$/, '');
  return mentions(summary, parts[0] ?? '') && test !== '' && mentions(summary, test);
}

/**
 * The names of `original` that `summary` does not show, ready to be listed: rarer kinds first, a
 * name dropped when a longer listed one already shows it (`test_x` in `tests/test_x.py`), at most
 * MAX_NAMES, then how many more there were.
 */
export function missingNames(
  original: string,
  summary: string,
  maxChars = MAX_NAMES_CHARS,
): { listed: string[]; more: number } {
  const missing = [...namesOf(original)].filter(([name]) => !shows(summary, name));
  missing.sort((a, b) => KIND_ORDER.indexOf(a[1]) - KIND_ORDER.indexOf(b[1]));
  // The pairwise check below looks at the first MAX_CANDIDATES only (texts can hold thousands of names).
  const unchecked = Math.max(0, missing.length - MAX_CANDIDATES);
  missing.length -= unchecked;
  const byLength = missing.map(([name]) => name).sort((a, b) => b.length - a.length);
  const shown: string[] = [];
  for (const name of byLength) if (!shown.some((longer) => mentions(longer, name))) shown.push(name);
  const kept = new Set(shown);
  const ordered = missing.map(([name]) => name).filter((name) => kept.has(name));
  const listed: string[] = [];
  let chars = 0;
  for (const name of ordered) {
    if (listed.length >= MAX_NAMES) break;
    // A name too long for what is left does not stop the shorter ones after it.
    if (chars + name.length > maxChars) continue;
    listed.push(name);
    chars += name.length + 1;
  }
  return { listed, more: ordered.length - listed.length + unchecked };
}

/** The line put under a summary: `[names: KeyError a.py b.py +3 more]`, or '' when none are missing. */
export function namesLine(original: string, summary: string): string {
  return namesLineAndRest(original, summary).line;
}

/** The names line (at most `maxChars` characters of names), and how many names it could not list either. */
export function namesLineAndRest(
  original: string,
  summary: string,
  maxChars = MAX_NAMES_CHARS,
): { line: string; listed: number; more: number } {
  const { listed, more } = missingNames(original, summary, maxChars);
  if (listed.length === 0) return { line: '', listed: 0, more };
  return {
    line: `[names: ${listed.join(' ')}${more > 0 ? ` +${more} more` : ''}]`,
    listed: listed.length,
    more,
  };
}
