import type Parser from 'tree-sitter';
import {
  choose,
  chooseAmong,
  fieldText,
  members,
  MAX_OUTLINE_DEPTH,
  walkContainer,
  type Action,
  type Outline,
} from './container.js';
import { addFold, foldRows, foldTail, isBlank, joinRows, lineEnd, type Fold, type FoldSet } from './folds.js';
import { KEEP_BODY_MAX_ROWS } from './indent-fold.js';
import { foldSections, sectionRows, treeCommentRow } from './sections.js';

/**
 * Outline of Python: imports, class and def signatures (with decorators), module constants and the
 * first line of docstrings stay; bodies fold to `def f(x): …  # N lines`.
 */

type Node = Parser.SyntaxNode;
/** module / class: statements show (long ones by their first line); body: only nested definitions. */
type Mode = 'module' | 'class' | 'body';

const COMPOUND: ReadonlySet<string> = new Set([
  'if_statement',
  'try_statement',
  'with_statement',
  'for_statement',
  'while_statement',
  'match_statement',
]);
const DEFINITIONS: ReadonlySet<string> = new Set([
  'function_definition',
  'class_definition',
  'decorated_definition',
  'import_statement',
  'import_from_statement',
]);
/** What may start a line comment (a `#` in a string merely prevents a join). */
const HASH = /#/;
/** A row that starts with a comment. */
const HASH_START = /^#/;
/** `if __name__ == "__main__":` says how a script runs: its header stays. */
const MAIN_GUARD = /^if\s+__name__\s*==/;
const OPENING_QUOTES_ONLY = /^[rRbBuUfF]{0,2}("""|''')\s*$/;

/** Places the folds of a Python tree. */
export function outlinePython(o: Outline, root: Node): void {
  walkContainer(o, members(root), (node, index) => statement(o, node, index, 'module', 0));
}

function statement(o: Outline, node: Node, index: number, mode: Mode, depth: number): Action {
  switch (node.type) {
    case 'comment':
      return 'hide';
    case 'import_statement':
    case 'import_from_statement':
    case 'future_import_statement':
      if (mode === 'body') return 'hide';
      return joinRows(o, node.startPosition.row, node.endPosition.row, HASH) ? 'outlined' : 'keep';
    case 'function_definition':
      return outlineFunction(o, node, depth);
    case 'class_definition':
      return outlineClass(o, node, depth);
    case 'decorated_definition': {
      const definition = node.childForFieldName('definition');
      if (!definition) return plain(o, node, mode);
      return definition.type === 'class_definition'
        ? outlineClass(o, definition, depth)
        : outlineFunction(o, definition, depth);
    }
    case 'expression_statement':
      if (index === 0 && isDocstring(node)) return docstring(o, node, mode);
      return plain(o, node, mode);
    default:
      if (COMPOUND.has(node.type)) return compound(o, node, mode, depth);
      return plain(o, node, mode);
  }
}

function isDocstring(node: Node): boolean {
  const first = node.namedChildren[0];
  return node.namedChildCount === 1 && first !== undefined && first.type === 'string';
}

/** The first row of a docstring that says something (skipping a lone opening `"""`). */
function docstringFirstRow(o: Outline, doc: Node): number {
  const start = doc.startPosition.row;
  if (!OPENING_QUOTES_ONLY.test((o.lines[start] ?? '').trim())) return start;
  let row = start + 1;
  while (row < doc.endPosition.row && isBlank(o.lines[row])) row++;
  return row;
}

/**
 * A docstring shows its first line and folds the rest (`"""Return the thing. … 6 lines """`):
 * always for a module, from the standard level for a class; inside function bodies it is hidden.
 */
function docstring(o: Outline, doc: Node, mode: Mode): Action {
  const firstLine = (set: FoldSet): boolean => foldTail(set, docstringFirstRow(o, doc), doc.endPosition);
  switch (mode) {
    case 'module':
      return firstLine(o) ? 'outlined' : 'keep';
    case 'class':
      return choose(o, 'standard', firstLine, (set) =>
        foldRows(set, doc.startPosition.row, doc.endPosition.row),
      );
    case 'body':
      return 'hide';
    default: {
      const never: never = mode;
      return never;
    }
  }
}

/**
 * A plain statement: shown by its rows up to the value's first one (all of it when short). At
 * module level only statements that bind a name (`X = …`, `a, b = …`, `type T = …`) show; calls,
 * attribute and item assignments, `del`, `assert`… fold with their neighbours into `… N lines`.
 */
function plain(o: Outline, node: Node, mode: Mode): Action {
  if (mode === 'body' || (mode === 'module' && !bindsName(node))) return 'hide';
  const assignment = node.type === 'expression_statement' ? node.namedChildren[0] : undefined;
  const value = assignment?.type === 'assignment' ? assignment.childForFieldName('right') : null;
  const keepThrough = value ? value.startPosition.row : node.startPosition.row;
  return foldTail(o, keepThrough, node.endPosition) ? 'outlined' : 'keep';
}

const NAME_TARGETS: ReadonlySet<string> = new Set(['identifier', 'pattern_list', 'tuple_pattern']);

/** Does a statement bind a plain name (what topLevelDeclarationNames counts as a declaration)? */
function bindsName(node: Node): boolean {
  if (node.type === 'type_alias_statement') return true;
  if (node.type !== 'expression_statement') return false;
  const assignment = node.namedChildren[0];
  if (assignment?.type !== 'assignment') return false;
  const left = assignment.childForFieldName('left');
  return left !== null && NAME_TARGETS.has(left.type);
}

/** Row of the `:` that ends a definition's or clause's header. */
function colonRow(node: Node): number {
  const body = node.childForFieldName('body');
  let row = node.startPosition.row;
  for (const child of node.children) {
    if (body && child.startIndex >= body.startIndex) break;
    if (child.type === ':') row = child.startPosition.row;
  }
  return row;
}

/**
 * Is the header already followed by a fold marker (`def f(x): … 12 lines`, an earlier summary
 * compressed again)? Tree-sitter then takes the rows below for the body; they are not.
 */
function alreadyFolded(o: Outline, node: Node): boolean {
  let colon: Node | undefined;
  for (const child of node.children) if (child.type === ':') colon = child;
  if (!colon) return false;
  return (o.lines[colon.endPosition.row] ?? '').slice(colon.endPosition.column).includes('…');
}

/** The fold that hides the rows after `keepThroughRow` up to `lastRow`, marker at the end of the kept row. */
function bodyFold(set: FoldSet, keepThroughRow: number, lastRow: number, closer?: string): Fold {
  return {
    ...(closer ? { closer } : {}),
    from: { row: keepThroughRow, column: lineEnd(set.lines, keepThroughRow) },
    to: { row: lastRow, column: (set.lines[lastRow] ?? '').length },
    firstRow: keepThroughRow + 1,
    lastRow,
    standalone: false,
  };
}

/** Hides the rows after `keepThroughRow` up to `lastRow`, marker at the end of the kept row. */
function foldAfter(set: FoldSet, keepThroughRow: number, lastRow: number, closer?: string): boolean {
  return addFold(set, bodyFold(set, keepThroughRow, lastRow, closer));
}

function hasNestedDefinitions(body: Node): boolean {
  return body.namedChildren.some(
    (n) =>
      n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'decorated_definition',
  );
}

/**
 * The statements of a definition's body, led by the comments tree-sitter hangs on the definition
 * itself (those between the header's `:` and the first statement), so they fold with the body.
 */
function bodyMembers(definition: Node, body: Node): Node[] {
  const header = colonRow(definition);
  const leading = definition.namedChildren.filter(
    (c) => c.type === 'comment' && c.startPosition.row > header && c.startIndex < body.startIndex,
  );
  return [...leading, ...members(body)];
}

function outlineFunction(o: Outline, fn: Node, depth: number): Action {
  const body = fn.childForFieldName('body');
  if (!body) return 'keep';
  if (alreadyFolded(o, fn)) return 'keep';
  const header = colonRow(fn);
  joinRows(o, fn.startPosition.row, header, HASH);
  const last = body.endPosition.row;
  if (last <= header) return 'keep';
  const name = fieldText(fn, 'name');
  if (name !== undefined && o.keep.has(name)) {
    const cut = header + 1 + KEEP_BODY_MAX_ROWS;
    return cut <= last && foldRows(o, cut, last) ? 'outlined' : 'keep';
  }
  if (depth < MAX_OUTLINE_DEPTH && hasNestedDefinitions(body)) {
    walkContainer(o, bodyMembers(fn, body), (node, index) => statement(o, node, index, 'body', depth + 1));
    return 'outlined';
  }
  const first = body.namedChildren[0];
  if (first && isOneSimpleRow(body, header)) {
    // `def tick(self): raise NotImplementedError()`: one line, as short as a marker would be.
    return joinRows(o, header, last, HASH) ? 'outlined' : 'keep';
  }
  const sections = sectionRows(
    o.lines,
    header + 1,
    last,
    treeCommentRow(o.lines, fn.tree.rootNode, HASH_START),
  );
  const whole = (set: FoldSet) => foldAfter(set, header, last);
  if (first && first.type === 'expression_statement' && isDocstring(first)) {
    // Rich outlines keep the docstring's first line: `def f(x):\n    """Return … …  # lines 13–40`.
    const docRow = docstringFirstRow(o, first);
    if (docRow >= last) return 'keep';
    // A docstring cut after its first line gets its quotes closed by the marker: `"""Load it. …"""`.
    const quote = docRow < first.endPosition.row ? /("""|''')/.exec(first.text)?.[1] : undefined;
    const docstringLine = (set: FoldSet) => foldAfter(set, docRow, last, quote);
    const sectioned = (set: FoldSet) =>
      foldSections(set, bodyFold(set, docRow, last, quote), sections) || docstringLine(set);
    return chooseAmong(o, [
      ...(sections.length > 0 ? [{ from: 'full' as const, place: sectioned }] : []),
      { from: 'rich', place: docstringLine },
      { from: 'bare', place: whole },
    ]);
  }
  if (sections.length === 0) return whole(o) ? 'outlined' : 'keep';
  return choose(
    o,
    'full',
    (set) => foldSections(set, bodyFold(set, header, last), sections) || whole(set),
    whole,
  );
}

/** Statements that may follow a `def …:` on its own line. */
const SIMPLE_STATEMENTS: ReadonlySet<string> = new Set([
  'expression_statement',
  'return_statement',
  'raise_statement',
  'pass_statement',
  'assert_statement',
  'delete_statement',
  'global_statement',
  'nonlocal_statement',
]);

/** Is a body one simple statement on the row after the header (with no comment beside it)? */
function isOneSimpleRow(body: Node, header: number): boolean {
  const only = body.namedChildren;
  const statement = only[0];
  return (
    only.length === 1 &&
    statement !== undefined &&
    SIMPLE_STATEMENTS.has(statement.type) &&
    statement.startPosition.row === header + 1 &&
    statement.endPosition.row === header + 1 &&
    body.endPosition.row === header + 1
  );
}

function outlineClass(o: Outline, cls: Node, depth: number): Action {
  const body = cls.childForFieldName('body');
  if (!body) return 'keep';
  if (alreadyFolded(o, cls)) return 'keep';
  const header = colonRow(cls);
  if (body.endPosition.row <= header) return 'keep';
  if (depth >= MAX_OUTLINE_DEPTH) return foldAfter(o, header, body.endPosition.row) ? 'outlined' : 'keep';
  walkContainer(o, bodyMembers(cls, body), (node, index) => statement(o, node, index, 'class', depth + 1));
  return 'outlined';
}

/** The blocks of a compound statement and of its clauses (elif, else, except, finally). */
function clauseBlocks(node: Node): Node[] {
  const blocks: Node[] = [];
  for (const child of node.namedChildren) {
    if (child.type === 'block') blocks.push(child);
    else if (child.type.endsWith('_clause'))
      blocks.push(...child.namedChildren.filter((c) => c.type === 'block'));
  }
  return blocks;
}

/**
 * `if` / `try` / `with` … at module or class level: opened when its blocks define or import
 * something (`try: import x except ImportError: …`), else shown by its header line only.
 */
function compound(o: Outline, node: Node, mode: Mode, depth: number): Action {
  if (mode === 'body') return 'hide';
  const blocks = clauseBlocks(node);
  if (depth < MAX_OUTLINE_DEPTH && blocks.some((b) => b.namedChildren.some((n) => DEFINITIONS.has(n.type)))) {
    for (const block of blocks) {
      walkContainer(o, members(block), (child, index) => statement(o, child, index + 1, mode, depth + 1));
    }
    return 'outlined';
  }
  if (mode === 'module' && !MAIN_GUARD.test(node.text)) return 'hide';
  return foldAfter(o, colonRow(node), node.endPosition.row) ? 'outlined' : 'keep';
}
