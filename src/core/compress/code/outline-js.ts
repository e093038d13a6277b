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
import { addFold, betweenFold, foldBetween, foldRows, foldTail, joinRows, type FoldSet } from './folds.js';
import { KEEP_BODY_MAX_ROWS } from './indent-fold.js';
import { foldSections, sectionRows, treeCommentRow } from './sections.js';

/**
 * Outline of JavaScript / TypeScript / TSX: imports, exports, types and signatures stay; function
 * bodies fold to `{ … N lines }`; classes, namespaces, IIFEs and objects of methods are opened;
 * long initialisers keep their first line.
 */

type Node = Parser.SyntaxNode;
/** module: top level (plain statements stay); body: a function body (only nested definitions show). */
type Mode = 'module' | 'class' | 'object' | 'body';

const FUNCTIONS: ReadonlySet<string> = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
]);
const CLASSES: ReadonlySet<string> = new Set(['class_declaration', 'abstract_class_declaration', 'class']);
const TYPES: ReadonlySet<string> = new Set([
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
]);
const NAMESPACES: ReadonlySet<string> = new Set(['internal_module', 'module']);
const WRAPPERS: ReadonlySet<string> = new Set([
  'parenthesized_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
  'await_expression',
]);
/** Type declarations up to this many rows are kept whole; longer ones show one line per member. */
const TYPE_KEEP_MAX_ROWS = 30;
/** What may start a line comment (rows holding one are not joined). */
const LINE_COMMENT = /\/\/|\/\*/;
/** A row that starts with a comment. */
const COMMENT_START = /^(?:\/\/|\/\*)/;
/** Member-expression chains (`a.then(…).catch(…)`) followed when looking for callbacks. */
const MAX_CHAIN = 8;

/** Places the folds of a JavaScript or TypeScript tree. */
export function outlineJs(o: Outline, root: Node): void {
  walkContainer(o, members(root), (node) => statement(o, node, 'module', 0));
}

function unwrap(node: Node | null | undefined): Node | undefined {
  let n = node ?? undefined;
  while (n && WRAPPERS.has(n.type)) n = n.namedChildren.find((c) => c.type !== 'comment');
  return n;
}

function rows(node: Node): number {
  return node.endPosition.row - node.startPosition.row + 1;
}

function statement(o: Outline, node: Node, mode: Mode, depth: number): Action {
  if (node.type === 'comment') return 'hide';
  if (node.type === 'import_statement') return mode === 'body' ? 'hide' : 'keep';
  if (node.type === 'export_statement') {
    const declaration = node.childForFieldName('declaration');
    if (declaration) return statement(o, declaration, mode, depth);
    const value = node.childForFieldName('value');
    return value ? assigned(o, { holder: node, value }, mode, depth) : 'keep';
  }
  if (node.type === 'expression_statement') return expressionStatement(o, node, mode, depth);
  if (node.type === 'lexical_declaration' || node.type === 'variable_declaration')
    return variables(o, node, mode, depth);
  if (node.type === 'ambient_declaration') return ambient(o, node, mode, depth);
  if (FUNCTIONS.has(node.type)) return outlineFunction(o, node, fieldText(node, 'name'), depth, 'body');
  if (CLASSES.has(node.type)) return outlineClass(o, node, depth);
  if (TYPES.has(node.type)) return mode === 'body' ? 'hide' : outlineType(o, node);
  if (NAMESPACES.has(node.type)) return namespace(o, node.childForFieldName('body'), depth);
  return plain(o, node, mode);
}

/** A statement that is not a definition: shown (first line only when long) except in bodies. */
function plain(o: Outline, node: Node, mode: Mode): Action {
  if (mode === 'body') return 'hide';
  return foldTail(o, node.startPosition.row, node.endPosition) ? 'outlined' : 'keep';
}

function expressionStatement(o: Outline, node: Node, mode: Mode, depth: number): Action {
  const expression = unwrap(node.namedChildren.find((c) => c.type !== 'comment'));
  if (!expression) return plain(o, node, mode);
  if (expression.type === 'assignment_expression') {
    const left = expression.childForFieldName('left');
    const right = expression.childForFieldName('right');
    // In a body only `this.x = function …` / `X.prototype.y = …` style definitions show.
    if (mode === 'body' && left?.type !== 'member_expression') return 'hide';
    return assigned(o, { holder: node, name: lastName(left), value: right }, mode, depth);
  }
  if (NAMESPACES.has(expression.type)) return namespace(o, expression.childForFieldName('body'), depth);
  if (expression.type === 'call_expression' || expression.type === 'new_expression') {
    return call(o, node, expression, mode, depth);
  }
  if (FUNCTIONS.has(expression.type) || CLASSES.has(expression.type)) {
    return assigned(o, { holder: node, value: expression }, mode, depth);
  }
  return plain(o, node, mode);
}

function lastName(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'member_expression') return fieldText(node, 'property');
  return node.text;
}

function variables(o: Outline, node: Node, mode: Mode, depth: number): Action {
  if (mode === 'body') return 'hide';
  const declarators = node.namedChildren.filter((c) => c.type === 'variable_declarator');
  let outlined = false;
  for (const declarator of declarators) {
    const value = declarator.childForFieldName('value');
    if (!value) continue;
    const holder = declarators.length === 1 ? node : declarator;
    const action = assigned(o, { holder, name: fieldText(declarator, 'name'), value }, mode, depth);
    if (action === 'outlined') outlined = true;
  }
  return outlined ? 'outlined' : 'keep';
}

/** A name bound to a value (declarator, assignment, field, object property, export default). */
interface Binding {
  /** The node that holds the binding (the statement, declarator or member). */
  holder: Node;
  name?: string | undefined;
  value: Node | null | undefined;
}

function assigned(o: Outline, { holder, name, value }: Binding, mode: Mode, depth: number): Action {
  const v = unwrap(value);
  if (!v) return mode === 'body' ? 'hide' : 'keep';
  if (FUNCTIONS.has(v.type)) return outlineFunction(o, v, name, depth, 'body');
  if (CLASSES.has(v.type)) return outlineClass(o, v, depth);
  if (mode === 'body') return 'hide';
  if (v.type === 'object' && depth < MAX_OUTLINE_DEPTH && hasFunctionMembers(v)) {
    walkContainer(o, members(v), (m) => objectMember(o, m, depth + 1), v.endPosition.row);
    return 'outlined';
  }
  if ((v.type === 'call_expression' || v.type === 'new_expression') && callbacks(v).length > 0) {
    return call(o, holder, v, mode, depth);
  }
  return foldTail(o, v.startPosition.row, holder.endPosition) ? 'outlined' : 'keep';
}

function hasFunctionMembers(object: Node): boolean {
  return object.namedChildren.some((m) => {
    if (m.type === 'method_definition') return true;
    if (m.type !== 'pair') return false;
    const v = unwrap(m.childForFieldName('value'));
    return v !== undefined && (FUNCTIONS.has(v.type) || (v.type === 'object' && hasFunctionMembers(v)));
  });
}

function objectMember(o: Outline, member: Node, depth: number): Action {
  if (member.type === 'comment') return 'hide';
  if (member.type === 'method_definition')
    return outlineFunction(o, member, fieldText(member, 'name'), depth, 'body');
  if (member.type === 'pair') {
    return assigned(
      o,
      { holder: member, name: fieldText(member, 'key'), value: member.childForFieldName('value') },
      'object',
      depth,
    );
  }
  return plain(o, member, 'object');
}

/**
 * A call statement: its function arguments (callbacks, IIFEs, promise chains) are outlined. In a
 * body, only calls labelled by a string (`it('…', () => …)`, `app.get('/x', …)`) show.
 */
function call(o: Outline, holder: Node, expression: Node, mode: Mode, depth: number): Action {
  if (mode === 'body' && !isLabelled(expression)) return 'hide';
  const found = callbacks(expression);
  if (found.length === 0) return plain(o, holder, mode);
  for (const { fn, iife } of found) outlineFunction(o, fn, undefined, depth + 1, iife ? 'module' : 'body');
  return 'outlined';
}

function isLabelled(expression: Node): boolean {
  const first = expression.childForFieldName('arguments')?.namedChildren[0];
  return first !== undefined && (first.type === 'string' || first.type === 'template_string');
}

function callbacks(expression: Node): { fn: Node; iife: boolean }[] {
  const found: { fn: Node; iife: boolean }[] = [];
  let current: Node | undefined = expression;
  for (let i = 0; i < MAX_CHAIN && current; i++) {
    if (current.type !== 'call_expression' && current.type !== 'new_expression') break;
    const callee = unwrap(current.childForFieldName('function') ?? current.childForFieldName('constructor'));
    const iife = callee !== undefined && FUNCTIONS.has(callee.type);
    // A function handed to an IIFE is the module it wraps (UMD: `(function (r, f) {…})(this, function () {…})`).
    for (const arg of members(current.childForFieldName('arguments'))) {
      const fn = unwrap(arg);
      if (fn && FUNCTIONS.has(fn.type)) found.push({ fn, iife });
    }
    if (callee && iife) {
      found.push({ fn: callee, iife: true });
      break;
    }
    current =
      callee?.type === 'member_expression' ? (callee.childForFieldName('object') ?? undefined) : callee;
  }
  return found;
}

/** Does a function body hold definitions worth showing inside it? */
function hasNestedDefinitions(body: Node): boolean {
  return body.namedChildren.some((node) => {
    if (FUNCTIONS.has(node.type) || CLASSES.has(node.type)) return true;
    if (node.type !== 'expression_statement') return false;
    const e = unwrap(node.namedChildren[0]);
    if (!e) return false;
    if (e.type === 'assignment_expression') {
      const right = unwrap(e.childForFieldName('right'));
      return (
        e.childForFieldName('left')?.type === 'member_expression' &&
        right !== undefined &&
        FUNCTIONS.has(right.type)
      );
    }
    return e.type === 'call_expression' && isLabelled(e) && callbacks(e).length > 0;
  });
}

/**
 * Keeps a function's signature and folds its body; a body holding nested definitions is opened
 * instead (`bodyMode` 'module' for IIFEs, which are modules in disguise).
 */
function outlineFunction(
  o: Outline,
  fn: Node,
  name: string | undefined,
  depth: number,
  bodyMode: 'body' | 'module',
): Action {
  const body = fn.childForFieldName('body');
  if (!body) return 'keep';
  if (body.type !== 'statement_block') {
    return foldTail(o, body.startPosition.row, body.endPosition) ? 'outlined' : 'keep';
  }
  if (rows(body) < 3) return 'keep';
  const only = body.namedChildren.length === 1 ? body.namedChildren[0] : undefined;
  if (rows(body) === 3 && only && only.startPosition.row === body.startPosition.row + 1 && rows(only) === 1) {
    // `key(invoice: Invoice): string { return createHash('sha1')…; }`: one line, no marker needed;
    // at the least detail (a file of many small functions) the signature alone.
    return chooseAmong(o, [
      {
        from: 'minimal',
        place: (set) => joinRows(set, body.startPosition.row, body.endPosition.row, LINE_COMMENT),
      },
      { from: 'bare', place: (set) => foldOneRow(set, body) },
    ]);
  }
  if (name !== undefined && o.keep.has(name)) {
    const lastInner = body.endPosition.row - 1;
    const cut = body.startPosition.row + 1 + KEEP_BODY_MAX_ROWS;
    return cut <= lastInner && foldRows(o, cut, lastInner) ? 'outlined' : 'keep';
  }
  if (depth < MAX_OUTLINE_DEPTH && (bodyMode === 'module' || hasNestedDefinitions(body))) {
    walkContainer(o, members(body), (node) => statement(o, node, bodyMode, depth + 1), body.endPosition.row);
    return 'outlined';
  }
  return foldLongBody(o, body);
}

/**
 * Folds a function's `{ … }` body; a long one shows the comments that open its sections
 * (sections.ts) at the fullest detail level, and folds whole below it.
 */
function foldLongBody(o: Outline, block: Node): Action {
  const open = { row: block.startPosition.row, column: block.startPosition.column + 1 };
  const close = { row: block.endPosition.row, column: Math.max(0, block.endPosition.column - 1) };
  const fold = (o.lines[close.row] ?? '')[close.column] === '}' ? betweenFold(o, open, close) : undefined;
  if (!fold) return foldBody(o, block) ? 'outlined' : 'keep';
  const isComment = treeCommentRow(o.lines, block.tree.rootNode, COMMENT_START);
  const sections = sectionRows(o.lines, fold.firstRow, fold.lastRow, isComment);
  const whole = (set: FoldSet) => addFold(set, fold);
  if (sections.length === 0) return whole(o) ? 'outlined' : 'keep';
  return choose(o, 'full', (set) => foldSections(set, fold, sections) || whole(set), whole);
}

/** Folds the one row between a body's `{` and `}`, each on a row of its own (a fold of one row). */
function foldOneRow(set: FoldSet, block: Node): boolean {
  const open = { row: block.startPosition.row, column: block.startPosition.column + 1 };
  const close = { row: block.endPosition.row, column: Math.max(0, block.endPosition.column - 1) };
  const fold = betweenFold(set, open, close);
  if (fold === undefined) return false;
  set.folds.push(fold);
  return true;
}

/** Folds what lies between a `{ … }` node's brackets (to its end when the file stops before the `}`). */
function foldBody(o: Outline, block: Node): boolean {
  const open = { row: block.startPosition.row, column: block.startPosition.column + 1 };
  const close = { row: block.endPosition.row, column: Math.max(0, block.endPosition.column - 1) };
  if ((o.lines[close.row] ?? '')[close.column] !== '}') return foldTail(o, open.row, block.endPosition);
  return foldBetween(o, open, close);
}

function outlineClass(o: Outline, cls: Node, depth: number): Action {
  const body = cls.childForFieldName('body');
  if (!body || rows(body) < 3) return 'keep';
  if (depth >= MAX_OUTLINE_DEPTH) return foldBody(o, body) ? 'outlined' : 'keep';
  walkContainer(o, members(body), (m) => classMember(o, m, depth + 1), body.endPosition.row);
  return 'outlined';
}

function classMember(o: Outline, member: Node, depth: number): Action {
  switch (member.type) {
    case 'comment':
      return 'hide';
    case 'method_definition':
      return outlineFunction(o, member, fieldText(member, 'name'), depth, 'body');
    case 'public_field_definition':
    case 'field_definition': {
      const value = member.childForFieldName('value');
      const name = fieldText(member, 'name') ?? fieldText(member, 'property');
      return value ? assigned(o, { holder: member, name, value }, 'class', depth) : 'keep';
    }
    case 'class_static_block': {
      const body = member.childForFieldName('body');
      return body && foldBody(o, body) ? 'outlined' : 'keep';
    }
    default:
      return plain(o, member, 'class');
  }
}

function outlineType(o: Outline, node: Node): Action {
  if (rows(node) <= TYPE_KEEP_MAX_ROWS) return 'keep';
  const body = node.childForFieldName('body') ?? node.childForFieldName('value');
  if (
    body &&
    body.namedChildCount > 0 &&
    ['interface_body', 'object_type', 'enum_body'].includes(body.type)
  ) {
    walkContainer(
      o,
      members(body),
      (m) => (m.type === 'comment' ? 'hide' : plain(o, m, 'class')),
      body.endPosition.row,
    );
    return 'outlined';
  }
  return plain(o, node, 'module');
}

function namespace(o: Outline, body: Node | null, depth: number): Action {
  if (!body || rows(body) < 3) return 'keep';
  if (depth >= MAX_OUTLINE_DEPTH) return foldBody(o, body) ? 'outlined' : 'keep';
  walkContainer(o, members(body), (node) => statement(o, node, 'module', depth + 1), body.endPosition.row);
  return 'outlined';
}

/** `declare module 'x' { … }`, `declare global { … }`, `declare function f(): void;` … */
function ambient(o: Outline, node: Node, mode: Mode, depth: number): Action {
  const inner = node.namedChildren.find((c) => c.type !== 'comment');
  if (!inner) return 'keep';
  if (NAMESPACES.has(inner.type)) return namespace(o, inner.childForFieldName('body'), depth);
  if (inner.type === 'statement_block') return namespace(o, inner, depth);
  return statement(o, inner, mode, depth);
}
