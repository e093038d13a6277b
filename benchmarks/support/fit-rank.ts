/**
 * Fits recall's ranking weights jointly on the dev needles' candidates (benchmarks/store.ts quality
 * --features FILE): coordinate ascent on the entry-level @5 of the dev split (ties broken by @1),
 * each candidate ranked as recall ranks it (score, repeats moved out, the agent's one place).
 *
 * Run: npx tsx benchmarks/support/fit-rank.ts FILE [--shown] [--logistic] [--folds] [--held-out] [--only a,b,c]
 *   --shown      a candidate counts when its path holds the needle too (a hit shows its path): closer to
 *                the recall output measure than the entry level
 *   --logistic   starts the ascent from a pairwise logistic fit instead of today's weights
 *   --folds      fits each half of dev's sessions on the other half: what the gain is on sessions not fitted
 *   --held-out   also prints the held-out split with the fitted weights (look at it at the end)
 *   --only       fits only these weights (the others stay at their start)
 */
import { readFileSync } from 'node:fs';
import type { CandidateRow, QueryRow } from './rank-features.js';

/** Places of a recall, and candidates past them compared for repeats (src/core/recall/repeats.ts). */
const LIMIT = 5;
const LOOK_AHEAD = 6;
/** Rounds of coordinate ascent over all weights. */
const ROUNDS = 4;
/** Values tried for a weight each round: its present value plus these steps. */
const STEPS = [-0.4, -0.2, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.2, 0.4];

type Weights = Record<string, number>;

/** Today's score (src/core/recall/recall.ts) as weights of the features below. */
const START: Weights = {
  rel: 1,
  priority: 0.15,
  names: 0.05,
  echo: -0.3,
  coverage: 0,
  held: 0,
  pathHit: 0,
  logChars: 0,
  back: 0,
  fromCall: 0,
  clsLog: 0,
  clsCode: 0,
  clsError: 0,
  clsStructured: 0,
  toolRead: 0,
  toolShell: 0,
  toolEdit: 0,
  toolSearch: 0,
  relCoverage: 0,
  bmPlace: 0,
  repeated: 0,
  echoBack: 0,
  contained: 0,
  compounds: 0,
  coverageShare: 0,
  namesShare: 0,
};

const TOOL_GROUPS: Record<string, string> = {
  Read: 'toolRead',
  open: 'toolRead',
  Bash: 'toolShell',
  bash: 'toolShell',
  execute_bash: 'toolShell',
  BashOutput: 'toolShell',
  Edit: 'toolEdit',
  MultiEdit: 'toolEdit',
  Write: 'toolEdit',
  edit: 'toolEdit',
  str_replace_editor: 'toolEdit',
  Grep: 'toolSearch',
  Glob: 'toolSearch',
  LS: 'toolSearch',
};

/** The features of a candidate, by weight name (names with no count get the query's mean, as recall does). */
function features(c: CandidateRow, meanNames: number, most: { coverage: number; names: number }): Weights {
  const f: Weights = {
    rel: c.rel,
    priority: c.priority,
    names: c.names === null ? meanNames : Math.log1p(c.names),
    echo: c.echo ? 1 : 0,
    coverage: c.coverage,
    held: c.held,
    pathHit: c.pathHit,
    logChars: Math.log1p(c.chars) / 10,
    back: c.back,
    fromCall: c.fromCall === 1 ? 1 : 0,
    clsLog: c.cls === 'log' ? 1 : 0,
    clsCode: c.cls === 'code' ? 1 : 0,
    clsError: c.cls === 'error' ? 1 : 0,
    clsStructured: c.cls === 'structured' ? 1 : 0,
    relCoverage: c.rel * c.coverage,
    bmPlace: c.bmPlace,
    repeated: Math.log1p(c.repeats.length),
    echoBack: c.echo ? c.back : 0,
    contained: c.contained,
    compounds: c.compounds,
    coverageShare: c.coverage / Math.max(1e-9, most.coverage),
    namesShare: Math.log1p(c.names ?? 0) / Math.max(1e-9, most.names),
  };
  const group = c.tool === null ? undefined : TOOL_GROUPS[c.tool];
  if (group !== undefined) f[group] = 1;
  return f;
}

interface Prepared {
  session: string;
  heldOut: boolean;
  candidates: Array<{ row: CandidateRow; f: Weights }>;
}

function prepare(rows: QueryRow[]): Prepared[] {
  return rows.map((r) => {
    const counted = r.candidates.flatMap((c) => (c.names === null ? [] : [Math.log1p(c.names)]));
    const mean = counted.length === 0 ? 0 : counted.reduce((a, b) => a + b, 0) / counted.length;
    const most = {
      coverage: Math.max(0, ...r.candidates.map((c) => c.coverage)),
      names: Math.max(0, ...r.candidates.map((c) => Math.log1p(c.names ?? 0))),
    };
    return {
      session: r.session,
      heldOut: r.heldOut,
      candidates: r.candidates.map((row) => ({ row, f: features(row, mean, most) })),
    };
  });
}

/** The five recall would return: by score, repeats of a higher one moved out, one place for the agent's text. */
function topFive(q: Prepared, w: Weights): CandidateRow[] {
  const scored = q.candidates.map(({ row, f }, place) => {
    let s = 0;
    for (const k in w) s += (w[k] ?? 0) * (f[k] ?? 0);
    return { row, place, s };
  });
  scored.sort((a, b) => b.s - a.s || a.place - b.place);
  const window = scored.slice(0, LIMIT + LOOK_AHEAD);
  const taken = new Set<number>();
  const moved = new Set<number>();
  for (const c of window) {
    if (c.row.repeats.some((j) => taken.has(j))) moved.add(c.place);
    else taken.add(c.place);
  }
  const ordered = [...scored.filter((c) => !moved.has(c.place)), ...scored.filter((c) => moved.has(c.place))];
  const top: CandidateRow[] = [];
  let echoes = 0;
  for (const c of ordered) {
    if (top.length >= LIMIT) break;
    if (c.row.echo && echoes++ >= 1) continue;
    top.push(c.row);
  }
  return top;
}

function measure(queries: Prepared[], w: Weights): { n: number; at1: number; at5: number } {
  let at1 = 0;
  let at5 = 0;
  for (const q of queries) {
    const top = topFive(q, w);
    if (top[0] !== undefined && shows(top[0])) at1++;
    if (top.some(shows)) at5++;
  }
  return { n: queries.length, at1, at5 };
}

const objective = (m: { at1: number; at5: number }) => m.at5 * 1000 + m.at1;

function fit(queries: Prepared[], start: Weights, only: string[] | undefined): Weights {
  const w = { ...start };
  let best = objective(measure(queries, w));
  for (let round = 0; round < ROUNDS; round++) {
    let improved = false;
    for (const key of only ?? Object.keys(w)) {
      if (key === 'rel') continue; // the scale: the other weights are shares of it
      const at = w[key] ?? 0;
      let chosen = at;
      for (const step of STEPS) {
        w[key] = at + step;
        const value = objective(measure(queries, w));
        if (value > best) [best, chosen, improved] = [value, at + step, true];
      }
      w[key] = chosen;
      if (chosen !== at)
        process.stderr.write(`round ${round} ${key} ${at.toFixed(2)} → ${w[key]?.toFixed(2)}\n`);
    }
    if (!improved) break;
  }
  return w;
}

/** Pairs compared per query: each holder against the non-holders among this many of the best by `start`. */
const PAIR_DEPTH = 15;
const LOGISTIC_STEPS = 400;
const LEARNING_RATE = 0.5;
const L2 = 0.01;

/**
 * Pairwise logistic regression: the weights that make a holder outscore the non-holders ranked near
 * it, rescaled so the relevance weight is 1 (a starting point for the ascent on @5 itself).
 */
function logistic(queries: Prepared[], start: Weights): Weights {
  const keys = Object.keys(start);
  const pairs: Array<[Weights, Weights]> = [];
  for (const q of queries) {
    const score = (f: Weights) => keys.reduce((n, k) => n + (start[k] ?? 0) * (f[k] ?? 0), 0);
    const near = [...q.candidates].sort((a, b) => score(b.f) - score(a.f)).slice(0, PAIR_DEPTH);
    for (const h of q.candidates.filter((c) => shows(c.row)))
      for (const n of near) if (!shows(n.row)) pairs.push([h.f, n.f]);
  }
  const w = { ...start };
  for (let step = 0; step < LOGISTIC_STEPS; step++) {
    const grad: Weights = Object.fromEntries(keys.map((k) => [k, L2 * (w[k] ?? 0)]));
    for (const [h, n] of pairs) {
      let margin = 0;
      for (const k of keys) margin += (w[k] ?? 0) * ((h[k] ?? 0) - (n[k] ?? 0));
      const g = -1 / (1 + Math.exp(margin)) / pairs.length;
      for (const k of keys) grad[k] = (grad[k] ?? 0) + g * ((h[k] ?? 0) - (n[k] ?? 0));
    }
    for (const k of keys) w[k] = (w[k] ?? 0) - LEARNING_RATE * (grad[k] ?? 0);
  }
  const scale = w['rel'] ?? 1;
  return Object.fromEntries(keys.map((k) => [k, (w[k] ?? 0) / scale]));
}

/** Whether what the model reads of the candidate's hit holds the needle: its original, or the path it shows. */
const shows = (c: CandidateRow): boolean => c.holds || (SHOWN && c.pathHolds);
let SHOWN = false;

function main(): void {
  const [file, ...rest] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: fit-rank.ts FEATURES_FILE [--held-out] [--only a,b]');
  const onlyAt = rest.indexOf('--only');
  const only = onlyAt >= 0 ? (rest[onlyAt + 1] ?? '').split(',') : undefined;
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as QueryRow);
  SHOWN = rest.includes('--shown');
  const all = prepare(rows);
  const dev = all.filter((q) => !q.heldOut);
  const show = (name: string, m: { n: number; at1: number; at5: number }) =>
    console.log(`${name}: @1 ${m.at1} @5 ${m.at5} of ${m.n}`);
  show('dev, start', measure(dev, START));
  const init = rest.includes('--logistic') ? logistic(dev, START) : START;
  if (init !== START) show('dev, logistic', measure(dev, init));
  const fitted = fit(dev, init, only);
  show('dev, fitted', measure(dev, fitted));
  console.log(JSON.stringify(fitted));
  if (rest.includes('--folds')) {
    // Two halves of dev by session, each fitted on the other: how much of the gain holds on needles not fitted.
    const sessions = [...new Set(dev.map((q) => q.session))];
    const inHalf = (q: Prepared, half: number) => sessions.indexOf(q.session) % 2 === half;
    for (const half of [0, 1]) {
      const train = dev.filter((q) => !inHalf(q, half));
      const test = dev.filter((q) => inHalf(q, half));
      const w = fit(train, rest.includes('--logistic') ? logistic(train, START) : START, only);
      show(`fold ${half}, start`, measure(test, START));
      show(`fold ${half}, fitted on the other half`, measure(test, w));
    }
  }
  if (rest.includes('--held-out')) {
    const held = all.filter((q) => q.heldOut);
    show('held-out, start', measure(held, START));
    show('held-out, fitted', measure(held, fitted));
  }
}

main();
