import type { Candidate } from '../store/index.js';

/**
 * Text the agent has anyway ranks lower: its own prose (message text, no tool behind it) shares
 * the wording of any query the agent writes, so bm25 over-ranks it, and prompts are never compacted.
 * What a recall is after is mostly tool output (measured by benchmarks/store.ts quality).
 */
const ECHO_PENALTY = 0.3;

/**
 * At most this many entries of the agent's own text (its prose, prompts) among the hits: the best
 * of them keeps its place, the others go after the tool output ranked below them. A query the agent
 * writes shares its wording with everything it wrote, so its messages crowd the five places, while
 * what a recall is after is mostly a tool's output; one place keeps a message asked for by what it
 * says. Chosen on the dev split of the needles (benchmarks/store.ts context and quality).
 */
const MAX_ECHO_HITS = 1;

/** The ranked, with the agent's own texts past the first `MAX_ECHO_HITS` among the first `limit` moved to the end. */
export function fewEchoes<T extends { entry?: Candidate | undefined }>(
  ranked: readonly T[],
  limit: number,
): T[] {
  const kept: T[] = [];
  const later: T[] = [];
  let echoes = 0;
  for (const r of ranked) {
    const echo = r.entry !== undefined && isEcho(r.entry);
    if (echo && kept.length < limit && echoes >= MAX_ECHO_HITS) later.push(r);
    else {
      if (echo) echoes++;
      kept.push(r);
    }
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
function isEcho(entry: Candidate): boolean {
  if (entry.fromCall === 1) return false;
  return entry.class === 'prompt' || (entry.class === 'prose' && entry.sourceTool === null);
}

/** What an entry's score loses for being the agent's own text. */
export function echoPenalty(entry: Candidate): number {
  return isEcho(entry) ? ECHO_PENALTY : 0;
}
