import type Parser from 'tree-sitter';
import { dropRows, foldRows, type Fold, type FoldSet } from './folds.js';
import { indentFold } from './indent-fold.js';

type Node = Parser.SyntaxNode;

/** How much an outline shows besides signatures (the compressor picks the richest that fits). */
export type Detail = 'minimal' | 'standard' | 'rich';
export const DETAIL_RANK: Readonly<Record<Detail, number>> = { minimal: 0, standard: 1, rich: 2 };

/**
 * A decision that depends on the detail level (a docstring's first line shown or not): both
 * alternatives are recorded during the one walk of the tree, and rendering picks per level.
 */
export interface Choice {
  /** The preferred folds apply from this level up; below it, the fallback ones. */
  from: Detail;
  preferred: Fold[];
  fallback: Fold[];
}

/** What an outliner knows while walking one tree. */
export interface Outline extends FoldSet {
  keep: ReadonlySet<string>;
  choices: Choice[];
}

/**
 * Records a detail-dependent decision: `preferred` and `fallback` each place folds into a scratch
 * set. Returns 'outlined' when either placed any.
 */
export function choose(
  o: Outline,
  from: Detail,
  preferred: (set: FoldSet) => unknown,
  fallback: (set: FoldSet) => unknown,
): Action {
  const a: FoldSet = { lines: o.lines, folds: [] };
  const b: FoldSet = { lines: o.lines, folds: [] };
  preferred(a);
  fallback(b);
  if (a.folds.length === 0 && b.folds.length === 0) return 'keep';
  o.choices.push({ from, preferred: a.folds, fallback: b.folds });
  return 'outlined';
}

/** The folds of an outline at one detail level. */
export function foldsAt(o: Outline, detail: Detail): Fold[] {
  const folds = [...o.folds];
  for (const c of o.choices)
    folds.push(...(DETAIL_RANK[detail] >= DETAIL_RANK[c.from] ? c.preferred : c.fallback));
  return folds;
}

/**
 * What to do with one statement of a container: keep it as it is, hide it (runs of hidden
 * statements fold into one marker line), or `outlined` (it placed its own folds).
 */
export type Action = 'keep' | 'hide' | 'outlined';

/** Outlines have a floor: containers nested deeper than this fold whole. */
export const MAX_OUTLINE_DEPTH = 3;

/**
 * Walks the statements of a container (module, class body, function body…), asking `decide` what
 * to do with each (comments are hidden without asking; `index` counts statements), and folds
 * each run of hidden statements into one marker line; a run of comments alone is left out
 * without a marker (a marker says where code was hidden). A run shares no
 * row with shown code; `limitRow` is the row of the container's closing bracket, if any.
 */
export function walkContainer(
  o: Outline,
  children: readonly Node[],
  decide: (node: Node, index: number) => Action,
  limitRow = Infinity,
): void {
  let shownEnd = -1;
  let run: { first: number; last: number; comments: boolean } | undefined;
  let statements = 0;
  const flush = (nextShownRow: number): void => {
    if (run && run.first > shownEnd && run.last < nextShownRow) {
      if (run.comments) dropRows(o, run.first, run.last);
      else foldRows(o, run.first, run.last);
    }
    run = undefined;
  };
  for (const node of children) {
    const start = node.startPosition.row;
    const end = node.endPosition.row;
    if (node.type === 'ERROR') {
      flush(start);
      if (start > shownEnd && end < limitRow) indentFold(o, start, end, { keep: o.keep });
      shownEnd = Math.max(shownEnd, end);
      continue;
    }
    // Comments are extras; node-tree-sitter 0.21 sometimes reports an extra under its parent's type.
    const action = node.isExtra ? 'hide' : decide(node, statements++);
    if (action === 'hide' && start > shownEnd) {
      const comment = node.type === 'comment';
      if (run) {
        run.last = Math.max(run.last, end);
        run.comments &&= comment;
      } else run = { first: start, last: end, comments: comment };
      continue;
    }
    flush(start);
    shownEnd = Math.max(shownEnd, end);
  }
  flush(limitRow);
}

/** The node's children that are statements or members (named, so no brackets or commas). */
export function members(node: Node | null | undefined): Node[] {
  return node ? node.namedChildren : [];
}

/** The text of a name-like child field, if present. */
export function fieldText(node: Node, field: string): string | undefined {
  return node.childForFieldName(field)?.text;
}
