import type Parser from 'tree-sitter';
import { parse } from './grammars.js';
import type { ParsedLanguage } from './language.js';

/**
 * Minified code (a bundle, a `.min.js`) is a few lines of hundreds of kilobytes each: nothing an
 * outline folds by rows. It is first laid out on rows by its syntax tree (a statement a row, the
 * inside of each block, class and object of methods indented), then outlined as any code.
 */

/** A line this long is not written by hand. */
export const MINIFIED_LINE_CHARS = 1_000;
/** Code is minified when lines that long hold at least this share of its characters. */
const MINIFIED_SHARE = 0.5;
/** A tree whose ERROR nodes cover more than this share of the code is not laid out. */
const MAX_ERROR_SHARE = 0.05;
/** Characters of the code's start parsed first, to tell code from text that only has long lines. */
const SCREEN_CHARS = 600;
/** The start is not code when it holds more ERROR nodes than this (its cut end may make one or two). */
const MAX_SCREEN_ERRORS = 2;
/** Containers whose inside is laid out a member a row. */
const BLOCKS: ReadonlySet<string> = new Set([
  'statement_block',
  'class_body',
  'switch_body',
  'interface_body',
  'enum_body',
]);
/** Containers of top-level statements. */
const PROGRAMS: ReadonlySet<string> = new Set(['program']);
/** Kinds of functions: an object holding one is laid out like a block (an object of methods). */
const FUNCTIONS = /function|arrow_function|method_definition/;

/** Whether code is minified: its long lines hold most of its characters. */
export function isMinified(lines: readonly string[]): boolean {
  let total = 0;
  let long = 0;
  for (const line of lines) {
    total += line.length + 1;
    if (line.length >= MINIFIED_LINE_CHARS) long += line.length;
  }
  return long > 0 && long >= total * MINIFIED_SHARE;
}

/**
 * Characters of a minified file's outline kept, at most (about 6,000 tokens): a bundle's outline,
 * at a fifth of its size, can still be past any context window.
 */
const MAX_OUTLINE_CHARS = 24_000;

/** The outline's first lines, up to MAX_OUTLINE_CHARS, and a mark saying how many more it had. */
export function capOutline(lines: readonly string[]): string[] {
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    chars += (lines[i] ?? '').length + 1;
    if (chars > MAX_OUTLINE_CHARS)
      return [...lines.slice(0, i), `[… ${lines.length - i} more lines of the outline]`];
  }
  return [...lines];
}

/** Grammars tried for minified code of a language, in order (JavaScript with types parses as TSX). */
function grammarsFor(language: ParsedLanguage): ParsedLanguage[] {
  if (language === 'javascript') return ['javascript', 'tsx'];
  if (language === 'typescript') return ['typescript', 'tsx'];
  return [language];
}

/**
 * Minified JavaScript or TypeScript laid out on rows, or undefined when no grammar parses it well
 * (Python is never minified this way).
 */
export function layOut(code: string, language: ParsedLanguage): string[] | undefined {
  if (language === 'python') return undefined;
  for (const grammar of grammarsFor(language)) {
    if (!looksLikeCode(code, grammar)) continue;
    const tree = parse(grammar, code);
    if (tree && errorChars(tree) <= code.length * MAX_ERROR_SHARE) return rows(code, tree);
  }
  return undefined;
}

/**
 * Whether the code's start parses with few errors: text that is not code can send tree-sitter's
 * error recovery into seconds of work, a short prefix tells cheaply (a cut prefix of real code has
 * an error or two where it was cut, text that is not code has them all along).
 */
function looksLikeCode(code: string, grammar: ParsedLanguage): boolean {
  if (code.length <= SCREEN_CHARS) return true;
  const tree = parse(grammar, code.slice(0, SCREEN_CHARS));
  return tree !== undefined && tree.rootNode.descendantsOfType('ERROR').length <= MAX_SCREEN_ERRORS;
}

/** Characters inside ERROR nodes (outermost ones). */
function errorChars(tree: Parser.Tree): number {
  if (!tree.rootNode.hasError) return 0;
  let chars = 0;
  visit(tree, (cursor) => {
    if (cursor.nodeType !== 'ERROR') return true;
    chars += cursor.endIndex - cursor.startIndex;
    return false;
  });
  return chars;
}

/** A place where a row starts, and how deep its row is indented. */
interface Break {
  at: number;
  depth: number;
}

/** The code's rows: a break before each statement or member of a laid-out container, and before its `}`. */
function rows(code: string, tree: Parser.Tree): string[] {
  const breaks: Break[] = [{ at: 0, depth: 0 }];
  const depths: number[] = [];
  visit(
    tree,
    (cursor) => {
      const depth = depths.at(-1) ?? 0;
      const type = cursor.nodeType;
      if (PROGRAMS.has(type) || BLOCKS.has(type) || (type === 'object' && holdsFunction(cursor))) {
        const inner = PROGRAMS.has(type) ? depth : depth + 1;
        for (const child of children(cursor)) {
          if (child.type === '}' && !PROGRAMS.has(type)) breaks.push({ at: child.start, depth });
          else if (child.named) breaks.push({ at: child.start, depth: inner });
        }
        depths.push(inner);
        return 'container';
      }
      return true;
    },
    (type) => {
      if (type === 'container') depths.pop();
    },
  );
  breaks.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  breaks.forEach((b, i) => {
    const end = breaks[i + 1]?.at ?? code.length;
    const text = code.slice(b.at, end).trim();
    if (text === '') return;
    // A row may hold line breaks of its own (in a template literal, between a bundle's lines): each
    // is a row of the laid-out code, left as it is.
    const [first = '', ...rest] = text.split('\n');
    out.push(`${'  '.repeat(b.depth)}${first}`, ...rest);
  });
  return out;
}

/** The children of the cursor's node: their type, whether named, and where they start. */
function children(cursor: Parser.TreeCursor): Array<{ type: string; named: boolean; start: number }> {
  const out: Array<{ type: string; named: boolean; start: number }> = [];
  if (!cursor.gotoFirstChild()) return out;
  do out.push({ type: cursor.nodeType, named: cursor.nodeIsNamed, start: cursor.startIndex });
  while (cursor.gotoNextSibling());
  cursor.gotoParent();
  return out;
}

/** Whether an object's members include a method or a function value. */
function holdsFunction(cursor: Parser.TreeCursor): boolean {
  let found = false;
  if (!cursor.gotoFirstChild()) return false;
  do {
    if (cursor.nodeType === 'method_definition') found = true;
    else if (cursor.nodeType === 'pair' && cursor.gotoFirstChild()) {
      do if (FUNCTIONS.test(cursor.nodeType)) found = true;
      while (!found && cursor.gotoNextSibling());
      cursor.gotoParent();
    }
  } while (!found && cursor.gotoNextSibling());
  cursor.gotoParent();
  return found;
}

/**
 * Visits the tree in document order with one cursor (no node objects: a bundle has millions of
 * nodes). `enter` returns false to skip a node's children, or a tag that `leave` gets back once
 * its children are done.
 */
function visit(
  tree: Parser.Tree,
  enter: (cursor: Parser.TreeCursor) => boolean | string,
  leave: (tag: string) => void = () => undefined,
): void {
  const cursor = tree.walk();
  const tags: Array<string | undefined> = [];
  for (;;) {
    const entered = enter(cursor);
    if (entered !== false && cursor.gotoFirstChild()) {
      tags.push(typeof entered === 'string' ? entered : undefined);
      continue;
    }
    if (typeof entered === 'string') leave(entered);
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return;
      const tag = tags.pop();
      if (tag !== undefined) leave(tag);
    }
  }
}
