import { takeGutters } from './gutter.js';
import { segment } from './markdown.js';

/**
 * Needles: the exact strings a reader may come back for. URLs, `backticked` spans, paths and
 * file names, identifiers (camelCase, PascalCase with inner capitals, snake_case, calls like
 * `fn()`), and numbers. Scanned left to right, the longest construct first, so a number inside
 * a path or an identifier is not counted again.
 */
const NEEDLE = new RegExp(
  [
    String.raw`(?<url>https?:\/\/[^\s<>()"'\x60\]]+)`,
    String.raw`\x60(?<tick>[^\x60\n]{1,120})\x60`,
    String.raw`(?<path>(?:~|\.{1,2})?(?:\/[\w@.+-]+){2,}\/?|(?<![\w@.+-])(?:[\w@.+-]+\/)+[\w@.+-]*\.[A-Za-z][\w]{0,7}\b|(?:~|\.{1,2})?\/[\w@.+-]+\.[A-Za-z]\w{0,7}\b|\b[\w@+-][\w@+-]*(?:\.[\w@+-]+)*\.(?:${extensions()})\b)`,
    String.raw`(?<call>\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\))`,
    String.raw`(?<ident>\b(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){2,})\b)`,
    String.raw`(?<number>(?<![\w.])(?:v(?=\d))?\d+(?:[.,:]\d+)*(?:%|[A-Za-z]{1,3}\b|\b))`,
  ].join('|'),
  'g',
);

function extensions(): string {
  return [
    'ts',
    'tsx',
    'js',
    'jsx',
    'mjs',
    'cjs',
    'py',
    'rb',
    'rs',
    'go',
    'java',
    'kt',
    'c',
    'h',
    'cc',
    'cpp',
    'hpp',
    'cs',
    'swift',
    'php',
    'sh',
    'bash',
    'zsh',
    'md',
    'mdx',
    'rst',
    'txt',
    'json',
    'jsonl',
    'yaml',
    'yml',
    'toml',
    'ini',
    'cfg',
    'lock',
    'csv',
    'tsv',
    'xml',
    'html',
    'css',
    'scss',
    'sql',
    'log',
    'env',
    'pdf',
    'png',
    'svg',
  ].join('|');
}

/**
 * NEEDLE's identifier and path branches backtrack quadratically on a long run of word characters
 * (a 139 KB run of `eyJ-` took 4.6 s), and no needle is a run this long: such runs are blanked (same
 * length, so nothing else moves) before matching, which keeps the scan linear.
 */
const LONG_RUN = /\S{513,}/g;

function withoutLongRuns(text: string): string {
  return text.replace(LONG_RUN, (run) => ' '.repeat(run.length));
}

/** Every needle holds one of these: a digit, a slash, a backtick, an underscore, `()`, or inner capitals. */
const MAY_HOLD_NEEDLE = /[\d/`_]|\(\)|[a-z][A-Z]|[A-Z][a-z0-9]+[A-Z]|\.[A-Za-z]+\b/;

/** Needles of a piece of prose, in order of first appearance, each once. */
export function needlesOf(text: string): string[] {
  if (!MAY_HOLD_NEEDLE.test(text)) return [];
  const found = new Set<string>();
  for (const match of withoutLongRuns(text).matchAll(NEEDLE)) {
    const groups = match.groups ?? {};
    const url = groups['url'];
    if (url !== undefined) {
      found.add(url.replace(/[.,;:!?)]+$/, ''));
      continue;
    }
    const value = groups['tick']?.trim() ?? match[0];
    if (value !== '') found.add(value);
  }
  return [...found];
}

/**
 * The needles of a markdown text's prose: numbers, paths, identifiers, URLs and backticked
 * spans outside fenced code blocks, ignoring list numbers, heading marks and the line numbers
 * of a file viewer's gutter. benchmarks/structured-prose.ts measures how many of them the prose
 * compressor keeps.
 */
export function proseNeedles(text: string): string[] {
  const found = new Set<string>();
  for (const block of segment(takeGutters(text)?.body ?? text)) {
    if (block.kind === 'fence' || block.kind === 'code' || block.kind === 'blank' || block.kind === 'rule')
      continue;
    const body = block.prose !== '' ? block.prose : block.lines.join('\n').replace(/^\s{0,3}#{1,6}\s/, '');
    for (const needle of needlesOf(body)) found.add(needle);
  }
  return [...found];
}

/** Whether the text holds the needle as a whole token (`143` is not shown by `1430`). */
export function showsWhole(text: string, needle: string): boolean {
  const word = /\w/;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + needle.length] ?? ' ';
    const openOk = !word.test(needle[0] ?? '') || !word.test(before);
    const closeOk = !word.test(needle[needle.length - 1] ?? '') || !word.test(after);
    if (openOk && closeOk) return true;
  }
  return false;
}
