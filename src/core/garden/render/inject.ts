import { count, integer } from '../../format/index.js';
import { extractTerms } from '../../names/index.js';
import type { Note, RecallHit, RecallResult } from '../../store/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import { neutralizeMarkers, wrapInjected } from '../../transcript/index.js';
import type { InjectMode } from '../session/defaults.js';
import type { RetrievalWords } from '../session/words.js';

/**
 * Recall injection, in layers: a cheap layer (pinned notes, one
 * line on what was compacted and how to get it back) and, when the newest user turn has signal, recall
 * hits from the store. All of it within a hard token cap, wrapped in markers, and appended to the
 * newest user message, after the cached prefix.
 */

/** Hits asked of the store. */
export const RECALL_LIMIT = 5;
/** Below this many tokens of room an injection is not worth its markers. */
const MIN_INJECT_TOKENS = 24;
/** Longest text of one hit in the injected block (characters). */
const MAX_HIT_CHARS = 600;
/** Words too common to be a signal. */
const STOPWORDS: ReadonlySet<string> = new Set(
  'about also again another because before could does done from have into just like make more much only other over please should some still than that them then there these they this those through under very want what when where which while will with would your continue proceed'.split(
    ' ',
  ),
);
/** Distinct content words (4+ letters) that make a turn worth a recall. */
const SIGNAL_WORDS = 3;

/** Whether a user turn says enough to search for ("continue" or "yes" does not). */
export function hasSignal(query: string): boolean {
  if (extractTerms(query).length > 0) return true;
  const words = new Set(
    query
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter((w) => w.length >= 4 && !STOPWORDS.has(w)),
  );
  return words.size >= SIGNAL_WORDS;
}

export interface InjectionInput {
  mode: InjectMode;
  /** Room for the injection: min(the cap, what the budget leaves). */
  maxTokens: number;
  /** What the newest user turn says (the recall query). */
  query: string;
  notes: readonly Note[];
  /** One-line facts for the cheap layer after the notes (a door's own status line, e.g. the plugin's pressure). */
  status?: readonly string[];
  /** Compacted blocks now: count, tokens before and after, by class. */
  compacted: {
    blocks: number;
    before: number;
    after: number;
    byClass: ReadonlyArray<readonly [string, number]>;
  };
  recall: (query: string, maxTokens: number) => RecallResult;
  /** Entries already in context in full: no point injecting them. */
  inContext: (id: string) => boolean;
  tokenizer: Tokenizer;
  words: RetrievalWords;
}

export interface Injection {
  text: string;
  tokens: number;
  hits: number;
}

/** The injected block for this turn, or undefined when there is nothing worth saying or no room. */
export function buildInjection(input: InjectionInput): Injection | undefined {
  if (input.mode === 'off' || input.maxTokens < MIN_INJECT_TOKENS) return undefined;
  const lines: string[] = [];
  const fits = (candidate: readonly string[]) =>
    input.tokenizer.count(wrapInjected(render(candidate))) <= input.maxTokens;
  const add = (line: string): boolean => {
    if (!fits([...lines, line])) return false;
    lines.push(line);
    return true;
  };

  const listedNotes = new Set<string>();
  for (const note of input.notes) {
    if (!add(`- note ${note.id}: ${oneLine(note.text, MAX_HIT_CHARS)}`)) break;
    listedNotes.add(note.id);
  }
  for (const line of input.status ?? []) add(`- ${oneLine(line, MAX_HIT_CHARS)}`);
  if (input.compacted.blocks > 0) {
    const classes = input.compacted.byClass.map(([cls, n]) => `${cls} ${n}`).join(', ');
    add(
      `- compacted earlier: ${count(input.compacted.blocks, 'block')} (${classes}), ${integer(input.compacted.before)}→${integer(input.compacted.after)} tok; ${input.words.recall('query')} or ${input.words.fetch('id')} brings any back`,
    );
  }

  let hits = 0;
  const wantRecall = input.mode === 'full' || (input.mode === 'auto' && hasSignal(input.query));
  if (wantRecall && input.query.trim() !== '') {
    const room = input.maxTokens - input.tokenizer.count(wrapInjected(render(lines)));
    if (room > MIN_INJECT_TOKENS) {
      const result = input.recall(input.query, room);
      for (const hit of result.hits) {
        // A note listed above, or an entry the model already sees, is not said twice.
        if (listedNotes.has(hit.id) || input.inContext(hit.id)) continue;
        if (add(hitLine(hit))) hits++;
      }
    }
  }
  if (lines.length === 0) return undefined;
  const text = wrapInjected(render(lines));
  return { text, tokens: input.tokenizer.count(text), hits };
}

function render(lines: readonly string[]): string {
  return ['gardener context (added by gardener, not typed by the user):', ...lines].join('\n');
}

function hitLine(hit: RecallHit): string {
  const source = [hit.class, hit.sourceTool, hit.sourcePath].filter(Boolean).join(' · ');
  return `- id=${hit.id} · ${oneLine(source, MAX_HIT_CHARS)}: ${oneLine(hit.text, MAX_HIT_CHARS)}`;
}

/** One line, and no marker text that could unbalance the injected region (wrapInjected makes sure again). */
function oneLine(text: string, max: number): string {
  const line = neutralizeMarkers(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
