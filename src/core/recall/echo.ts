import type { Candidate } from '../store/index.js';

/**
 * Text the agent has anyway ranks lower: its own prose (message text, no tool behind it) shares
 * the wording of any query the agent writes, so bm25 over-ranks it, and prompts are never compacted.
 * What a recall is after is mostly tool output (docs/BENCH.md § Provenance).
 */
const ECHO_PENALTY = 0.3;

/**
 * At most this many entries of the agent's own text (its prose, prompts) among the hits: the best
 * of them keeps its place, the others go after the tool output ranked below them. A query the agent
 * writes shares its wording with everything it wrote, so its messages crowd the five places, while
 * what a recall is after is mostly a tool's output; one place keeps a message asked for by what it
 * says (docs/BENCH.md § Provenance).
 */
const MAX_ECHO_HITS = 1;

/**
 * The ranked, with the agent's own texts past the first `MAX_ECHO_HITS` among the first `limit`
 * places moved to the end. An entry the model sees in full (`inContext`) takes no place, as recall
 * names it rather than shows it, so the places are counted past it; a text of the agent's that the
 * model sees still takes the agent's one place (the next is a look-alike of what it has).
 */
export function fewEchoes<T extends { entry?: Candidate | undefined }>(
  ranked: readonly T[],
  limit: number,
  inContext?: (id: string) => boolean,
): T[] {
  const kept: T[] = [];
  const later: T[] = [];
  let places = 0;
  let echoes = 0;
  for (const r of ranked) {
    const seen = r.entry !== undefined && inContext?.(r.entry.id) === true;
    const echo = r.entry !== undefined && isEcho(r.entry);
    if (echo && !seen && places < limit && echoes >= MAX_ECHO_HITS) {
      later.push(r);
      continue;
    }
    if (echo) echoes++;
    if (!seen) places++;
    kept.push(r);
  }
  // Held back to the end: when entries the model has in context leave places, tool output fills them first.
  return [...kept, ...later];
}

/**
 * Prompts, and message prose with no tool behind it. A text a call produced is a tool's output even
 * without a tool block: formats that write the call in the agent's message (mini-swe-agent's
 * ```bash, SWE-agent's `<function=…>`) return its output as a plain message, often prose
 * (`File created successfully at: …`), and that output is what a recall is after.
 */
export function isEcho(entry: Candidate): boolean {
  if (entry.fromCall === 1) return false;
  return entry.class === 'prompt' || (entry.class === 'prose' && entry.sourceTool === null);
}

/** What an entry's score loses for being the agent's own text. */
export function echoPenalty(entry: Candidate): number {
  return isEcho(entry) ? ECHO_PENALTY : 0;
}
