import type Parser from 'tree-sitter';
import { parse } from './grammars.js';
import { isBlank } from './folds.js';
import type { ParsedLanguage } from './language.js';
import { declaredName } from './names-regex.js';
import { variants } from './parse-repairs.js';

/**
 * Prepares a code segment for tree-sitter and judges the parse. Shared by the compressor and by
 * topLevelDeclarationNames, so both agree on what counts as top level.
 */

/** Above this share of rows inside top-level ERROR nodes, the parse is not trusted. */
const MAX_ERROR_SHARE = 0.5;
/** Texts longer than this are first tried on a prefix this long (cut at a line end). */
const SCREEN_CHARS = 600;
/** Prefixes with more ERROR nodes than this per non-blank line are not code in this grammar. */
const MAX_SCREEN_ERROR_DENSITY = 0.5;

export interface Dedented {
  /** Whitespace common to every non-blank line, taken off. */
  indent: string;
  /** The lines without it (blank lines become empty). */
  lines: string[];
}

/** Takes off the indentation common to all non-blank lines (a slice from inside a class…). */
export function dedent(lines: readonly string[]): Dedented {
  let indent: string | undefined;
  for (const line of lines) {
    if (isBlank(line)) continue;
    const own = /^[ \t]*/.exec(line)?.[0] ?? '';
    if (indent === undefined) indent = own;
    else {
      let k = 0;
      while (k < indent.length && k < own.length && indent[k] === own[k]) k++;
      indent = indent.slice(0, k);
    }
    if (indent === '') break;
  }
  const common = indent ?? '';
  return { indent: common, lines: lines.map((l) => (isBlank(l) ? '' : l.slice(common.length))) };
}

export interface ParsedCode {
  tree: Parser.Tree;
  language: ParsedLanguage;
  /** Rows at the start left out of the parse: the tail of a docstring the slice began inside. */
  skipRows: number;
}

/**
 * Where a Python slice that starts inside a block (deeper than what follows) reaches the
 * shallowest level: rows before it are outlined on their own. 0 when there is no such head.
 */
export function headEnd(lines: readonly string[], language: ParsedLanguage): number {
  if (language !== 'python') return 0;
  const first = lines.findIndex((l) => !isBlank(l));
  if (first < 0 || !/^\s/.test(lines[first] ?? '')) return 0;
  const top = lines.findIndex((l, i) => i > first && !isBlank(l) && !/^\s/.test(l));
  return top < 0 ? 0 : top;
}

/** Share of non-blank rows touched by ERROR nodes, at any depth (1 when the whole tree is an error). */
export function errorShare(tree: Parser.Tree, lines: readonly string[]): number {
  const root = tree.rootNode;
  let nonBlank = 0;
  for (const l of lines) if (!isBlank(l)) nonBlank++;
  if (nonBlank === 0) return 0;
  if (root.type === 'ERROR') return 1;
  if (!root.hasError) return 0;
  const spans = root
    .descendantsOfType('ERROR')
    .map((n) => [n.startPosition.row, n.endPosition.row] as const)
    .sort((a, b) => a[0] - b[0]);
  let errorRows = 0;
  let covered = -1;
  for (const [start, end] of spans) {
    for (let r = Math.max(start, covered + 1); r <= end; r++) if (!isBlank(lines[r])) errorRows++;
    covered = Math.max(covered, end);
  }
  return errorRows / nonBlank;
}

/**
 * Error recovery can swallow whole declarations into a misread statement (a slice that starts
 * inside a comment, say). In a tree with errors, every unindented line that looks like a
 * declaration must start a top-level node (or the declaration a top-level node wraps), unless it
 * lies inside a string or comment.
 */
function declarationsAligned(
  tree: Parser.Tree,
  lines: readonly string[],
  language: ParsedLanguage,
  skipRows: number,
): boolean {
  const root = tree.rootNode;
  if (!root.hasError) return true;
  const starts = new Set<number>();
  const quoted: [number, number][] = [];
  for (const child of root.namedChildren) {
    starts.add(child.startPosition.row);
    for (const inner of child.namedChildren) starts.add(inner.startPosition.row);
    if (isQuoted(child)) quoted.push([child.startPosition.row, child.endPosition.row]);
  }
  for (let row = skipRows; row < lines.length; row++) {
    const line = lines[row] ?? '';
    if (starts.has(row) || /^\s/.test(line) || declaredName(line, language) === undefined) continue;
    if (!quoted.some(([a, b]) => row >= a && row <= b)) return false;
  }
  return true;
}

/** A comment, or a statement that is only a string (a docstring, a template literal). */
function isQuoted(node: Parser.SyntaxNode): boolean {
  if (node.type === 'comment') return true;
  const only = node.namedChildCount === 1 ? node.namedChildren[0] : undefined;
  return node.type === 'expression_statement' && only !== undefined && /string/.test(only.type);
}

/**
 * Text that is not code in a grammar can send tree-sitter's error recovery into seconds of work;
 * a prefix tells cheaply and deterministically (real code, even a cut slice, has few ERROR nodes).
 */
function screenParse(lines: readonly string[], language: ParsedLanguage): boolean {
  let chars = 0;
  let end = 0;
  while (end < lines.length && chars + (lines[end] ?? '').length < SCREEN_CHARS)
    chars += (lines[end++] ?? '').length + 1;
  if (end >= lines.length) return true;
  const window = lines.slice(0, Math.max(1, end));
  const nonBlank = Math.max(1, window.filter((l) => !isBlank(l)).length);
  for (const { source } of variants(window, language)) {
    const tree = parse(language, source);
    if (!tree) continue;
    const root = tree.rootNode;
    if (!root.hasError) return true;
    const errors = root.descendantsOfType('ERROR').filter((n) => n.id !== root.id).length;
    if (errors <= nonBlank * MAX_SCREEN_ERROR_DENSITY) return true;
  }
  return false;
}

/** Grammars tried, in order, for a language (JavaScript with types in it parses as TSX). */
function candidates(language: ParsedLanguage): ParsedLanguage[] {
  switch (language) {
    case 'javascript':
      return ['javascript', 'tsx'];
    case 'typescript':
      return ['typescript', 'tsx'];
    case 'tsx':
      return ['tsx'];
    case 'python':
      return ['python'];
    default: {
      const never: never = language;
      return [never];
    }
  }
}

/**
 * Parses dedented code with the best-fitting grammar (and, for Python slices cut inside a
 * docstring, the best-fitting repair), or returns undefined when nothing makes enough sense of it:
 * then indentation folding is the honest answer.
 */
export function parseCode(lines: readonly string[], language: ParsedLanguage): ParsedCode | undefined {
  let best: ParsedCode | undefined;
  let bestShare = Infinity;
  for (const candidate of candidates(language)) {
    if (!screenParse(lines, candidate)) continue;
    for (const { source, skipRows } of variants(lines, candidate)) {
      const tree = parse(candidate, source);
      if (!tree) continue;
      const share = declarationsAligned(tree, lines, candidate, skipRows) ? errorShare(tree, lines) : 1;
      if (share < bestShare) {
        best = { tree, language: candidate, skipRows };
        bestShare = share;
      }
      if (share === 0) return best;
    }
  }
  return best && bestShare <= MAX_ERROR_SHARE ? best : undefined;
}
