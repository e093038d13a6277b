/**
 * TextRank over a sentence similarity graph: sentences are nodes, edges weigh the Jaccard
 * overlap of their content words, and a weighted PageRank finds the central sentences.
 * Building the full graph is O(n²); each sentence is compared with its WINDOW nearest
 * neighbours instead, which keeps long texts linear and local topics local.
 */

/** Sentences on each side a sentence is compared with. */
export const WINDOW = 32;
/** PageRank damping factor (the TextRank paper's value). */
const DAMPING = 0.85;
/** Power iterations at most; stops earlier once scores move less than EPSILON. */
const MAX_ITERATIONS = 40;
const EPSILON = 1e-5;

/** Scores sentences (given as lists of content words); higher is more central. Deterministic. */
export function textRank(sentences: readonly (readonly string[])[], window = WINDOW): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const sets = toIdSets(sentences);
  // Edges in flat typed arrays: a sentence graph of 40k nodes has ~2M edges.
  const capacity = n * Math.min(window, n);
  const from = new Int32Array(capacity);
  const to = new Int32Array(capacity);
  const weights = new Float64Array(capacity);
  const strength = new Float64Array(n);
  let edges = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < Math.min(n, i + 1 + window); j++) {
      const weight = jaccard(sets[i]!, sets[j]!);
      if (weight === 0) continue;
      from[edges] = i;
      to[edges] = j;
      weights[edges] = weight;
      edges++;
      strength[i]! += weight;
      strength[j]! += weight;
    }
  }
  let scores = new Float64Array(n).fill(1);
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    next.fill(0);
    for (let e = 0; e < edges; e++) {
      const a = from[e]!;
      const b = to[e]!;
      const w = weights[e]!;
      next[a]! += (w / strength[b]!) * scores[b]!;
      next[b]! += (w / strength[a]!) * scores[a]!;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) {
      next[i] = 1 - DAMPING + DAMPING * next[i]!;
      delta = Math.max(delta, Math.abs(next[i]! - scores[i]!));
    }
    [scores, next] = [next, scores];
    if (delta < EPSILON) break;
  }
  return Array.from(scores);
}

/** Words as sorted, de-duplicated integer ids (fast intersections). */
function toIdSets(sentences: readonly (readonly string[])[]): Int32Array[] {
  const ids = new Map<string, number>();
  return sentences.map((words) => {
    const set = new Set<number>();
    for (const word of words) {
      let id = ids.get(word);
      if (id === undefined) {
        id = ids.size;
        ids.set(word, id);
      }
      set.add(id);
    }
    return Int32Array.from(set).sort();
  });
}

/** |A ∩ B| / |A ∪ B| of two sorted id arrays. */
export function jaccard(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      common++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return common / (a.length + b.length - common);
}
