import type Parser from 'tree-sitter';
import { dropRows, foldRows, type Fold, type FoldSet } from './folds.js';
import { indentFold } from './indent-fold.js';

type Node = Parser.SyntaxNode;

/**
 * How much an outline shows besides signatures (the compressor picks the richest that fits):
 * `full` adds the sections of long bodies (sections.ts) to `rich`, so they are the first to go;
 * `bare` folds even one-line bodies, for code that no other level shortens (many small functions).
 */
export type Detail = 'bare' | 'minimal' | 'standard' | 'rich' | 'full';
export const DETAIL_RANK: Readonly<Record<Detail, number>> = {
  bare: 0,
  minimal: 1,
  standard: 2,
  rich: 3,
  full: 4,
};

/**
 * A decision that depends on the detail level (a docstring's first line shown or not): every
 * alternative is recorded during the one walk of the tree, and rendering picks per level the
 * first step, richest first, whose level it reaches.
 */
export interface Choice {
  steps: { from: Detail; folds: Fold[] }[];
}

/** What an outliner knows while walking one tree. */
export interface Outline extends FoldSet {
  keep: ReadonlySet<string>;
  choices: Choice[];
}

/**
 * Records a detail-dependent decision: `preferred` (from level `from` up) and `fallback` (below
 * it) each place folds into a scratch set. Returns 'outlined' when either placed any.
 */
export function choose(
  o: Outline,
  from: Detail,
  preferred: (set: FoldSet) => unknown,
  fallback: (set: FoldSet) => unknown,
): Action {
  return chooseAmong(o, [
    { from, place: preferred },
    { from: 'bare', place: fallback },
  ]);
}

/** Records a decision of several steps, richest first; the last should start at `bare`. */
export function chooseAmong(o: Outline, steps: { from: Detail; place: (set: FoldSet) => unknown }[]): Action {
  const placed = steps.map((step) => {
    const set: FoldSet = { lines: o.lines, folds: [] };
    step.place(set);
    return { from: step.from, folds: set.folds };
  });
  if (placed.every((step) => step.folds.length === 0)) return 'keep';
  o.choices.push({ steps: placed });
  return 'outlined';
}

/** The folds of an outline at one detail level. */
export function foldsAt(o: Outline, detail: Detail): Fold[] {
  const folds = [...o.folds];
  for (const c of o.choices) {
    const step = c.steps.find((s) => DETAIL_RANK[detail] >= DETAIL_RANK[s.from]);
    if (step) folds.push(...step.folds);
  }
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
