import { foldsAt, type Detail, type Outline } from './container.js';
import { foldRows, type FoldSet } from './folds.js';
import { indentFold } from './indent-fold.js';
import { isParsed, type CodeLanguage } from './language.js';
import { outlineJs } from './outline-js.js';
import { outlinePython } from './outline-python.js';
import { dedent, headEnd, parseCode, type ParsedCode } from './parse-code.js';
import { renderFolds, type OutLine } from './render.js';

/** The richest outline whose size stays under this share of the code is chosen. */
const TARGET_SHARE = 0.2;
/** A summary must be at most this share of the original, or the original is worth its extra size. */
export const MAX_USEFUL_SHARE = 0.9;
/** Outline detail levels, richest first. */
const DETAILS: readonly Detail[] = ['full', 'rich', 'standard', 'minimal'];
/** Languages whose line comments start with `#`. */
const HASH_COMMENT: ReadonlySet<CodeLanguage> = new Set(['python', 'ruby', 'shell']);

export type OutlineMethod = 'tree-sitter' | 'indentation';

export interface SegmentOutline {
  lines: OutLine[];
  /** How the outline was made (a slice may need both). */
  methods: Set<OutlineMethod>;
  /** The grammar actually used (JavaScript with types parses as TSX). */
  language: CodeLanguage;
}

export interface SegmentOptions {
  language: CodeLanguage;
  keep: ReadonlySet<string>;
  numberOf?: (row: number) => number | undefined;
  /** Sizes are measured without indentation (code laid out from minified source had none). */
  unindented?: boolean;
}

/** Outlines one run of code lines (no number prefixes). */
export function outlineSegment(lines: readonly string[], options: SegmentOptions): SegmentOutline {
  const { indent, lines: code } = dedent(lines);
  const outline = outlineDedented(code, options);
  if (indent === '') return outline;
  return {
    ...outline,
    lines: outline.lines.map((l) => (l.text === '' ? l : { row: l.row, text: indent + l.text })),
  };
}

function outlineDedented(code: readonly string[], options: SegmentOptions): SegmentOutline {
  if (!isParsed(options.language)) return byIndentation(code, options);
  // A slice that starts inside a block: the head is outlined on its own, then the rest.
  const head = headEnd(code, options.language);
  if (head > 0) {
    const first = outlineSegment(code.slice(0, head), options);
    const rest = outlineDedented(
      code.map((l, i) => (i < head ? '' : l)),
      options,
    );
    return {
      lines: [...first.lines, ...rest.lines.filter((l) => l.row === undefined || l.row >= head)],
      methods: new Set([...first.methods, ...rest.methods]),
      language: rest.language,
    };
  }
  const parsed = parseCode(code, options.language);
  if (!parsed) return byIndentation(code, options);
  const outline = outlineTree(code, parsed, options.keep);
  const length = options.unindented ? (l: string) => l.trimStart().length : (l: string) => l.length;
  const size = code.reduce((n, l) => n + length(l) + 1, 0);
  // Levels no choice starts at render like the next one down: only the others are tried.
  const levels = new Set(outline.choices.flatMap((c) => c.steps.map((s) => s.from)));
  const details = DETAILS.filter((d) => d === 'minimal' || levels.has(d));
  const sizeOf = (lines: readonly OutLine[]) => lines.reduce((n, l) => n + length(l.text) + 1, 0);
  let lines: OutLine[] = [];
  for (const detail of details) {
    lines = render(code, { lines: code, folds: foldsAt(outline, detail) }, options);
    if (sizeOf(lines) <= size * TARGET_SHARE) break;
  }
  // Code the least detail does not shorten enough to be worth it: its signatures alone.
  if (sizeOf(lines) > size * MAX_USEFUL_SHARE) {
    const bare = render(code, { lines: code, folds: foldsAt(outline, 'bare') }, options);
    if (sizeOf(bare) < sizeOf(lines)) lines = bare;
  }
  return { lines, methods: new Set(['tree-sitter']), language: parsed.language };
}

function byIndentation(code: readonly string[], options: SegmentOptions): SegmentOutline {
  const set: FoldSet = { lines: code, folds: [] };
  const lineComment = lineCommentOf(options.language);
  indentFold(set, 0, code.length - 1, {
    keep: options.keep,
    ...(lineComment ? { lineComment } : {}),
    commentRow: commentRowOf(options.language),
  });
  return { lines: render(code, set, options), methods: new Set(['indentation']), language: options.language };
}

/** What may start a line comment: `#` in hash-comment languages, `//` in C-like ones, either elsewhere. */
function lineCommentOf(language: CodeLanguage): RegExp | undefined {
  if (HASH_COMMENT.has(language)) return /#/;
  return language === 'other' ? undefined : /\/\/|#/;
}

/**
 * A row that is only a comment: `# …` in hash-comment languages (not a `#!` line); `// …`, a
 * one-line block comment or an HTML comment in the others.
 */
function commentRowOf(language: CodeLanguage): RegExp {
  if (HASH_COMMENT.has(language)) return /^\s*#(?!!)/;
  return /^\s*(?:\/\/|\/\*.*\*\/\s*$|<!--.*-->\s*$)/;
}

function render(code: readonly string[], set: FoldSet, options: SegmentOptions): OutLine[] {
  return renderFolds(code, set.folds, {
    ...(options.numberOf ? { numberOf: options.numberOf } : {}),
  });
}

function outlineTree(code: readonly string[], parsed: ParsedCode, keep: ReadonlySet<string>): Outline {
  const o: Outline = { lines: code, folds: [], keep, choices: [] };
  if (parsed.skipRows > 0) foldRows(o, 0, parsed.skipRows - 1);
  if (parsed.language === 'python') outlinePython(o, parsed.tree.rootNode);
  else outlineJs(o, parsed.tree.rootNode);
  return o;
}
