import type { RecallHit, RecallResult } from '../store/index.js';
import { count } from '../format/index.js';
import { numberPassageLines } from './number-lines.js';

/** A recall result as data for a model or a machine (structured-channel-context's shape). */
export interface RecallWire {
  results: Array<{
    id: string;
    class: string;
    source: { tool: string | null; path: string | null; call?: string };
    form: string;
    text: string;
    score: number;
    relevance_signal: string;
    created_at: string;
  }>;
  coverage: { entries_scanned: number; time_range: [string, string] | null };
  truncated: boolean;
  /** Entries that matched but are in the model's context in full, so not shown. */
  in_context?: string[];
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Snake-case wire form of a recall result, with ISO times and signals joined by ", ". */
export function recallWire(result: RecallResult): RecallWire {
  const { from, to } = result.coverage;
  return {
    results: result.hits.map((hit) => ({
      id: hit.id,
      class: hit.isNote ? 'note' : hit.class,
      source: {
        tool: hit.sourceTool ?? null,
        path: hit.sourcePath ?? null,
        ...(hit.call !== undefined ? { call: hit.call } : {}),
      },
      form: hit.form ?? (hit.isNote ? 'note' : 'summary'),
      text: hit.text,
      score: hit.score,
      relevance_signal: hit.relevanceSignal.join(', '),
      created_at: iso(hit.createdAt),
    })),
    coverage: {
      entries_scanned: result.coverage.entriesScanned,
      time_range: from !== undefined && to !== undefined ? [iso(from), iso(to)] : null,
    },
    truncated: result.truncated,
    ...(result.inContext ? { in_context: result.inContext } : {}),
  };
}

export interface TextStyle {
  id(text: string): string;
  dim(text: string): string;
}

const PLAIN: TextStyle = { id: (s) => s, dim: (s) => s };

function hitHeader(hit: RecallHit, style: TextStyle): string {
  const what = hit.isNote ? 'note' : hit.class;
  const call = hit.call !== undefined ? `call: ${hit.call}` : undefined;
  const source = [hit.sourceTool, hit.sourcePath, call].filter(Boolean).join(' ');
  const parts = [
    style.id(hit.id),
    what.padEnd(10),
    source,
    style.dim(`score ${hit.score.toFixed(2)}`),
  ].filter((p) => p !== '');
  // A path signal naming the path the line above already shows says only that it matched.
  const signals = hit.relevanceSignal.map((s) => (s === `path:${hit.sourcePath}` ? 'path' : s));
  return `${parts.join('  ')}\n${style.dim(`  ${signals.join(' · ')}`)}`;
}

/** Shortens a time range to what differs: dates, or times on one day. */
function range(from: number, to: number): string {
  const a = iso(from).slice(0, 16).replace('T', ' ');
  const b = iso(to).slice(0, 16).replace('T', ' ');
  return a.slice(0, 10) === b.slice(0, 10) ? `${a} → ${b.slice(11)} UTC` : `${a} → ${b} UTC`;
}

export interface RecallTextOptions {
  /** Number each line of a hit's passages (for a person; a model reads each window's label). */
  numberLines?: boolean;
}

/**
 * Readable recall output: one block per hit (id, class, source, score, signals, then its text
 * indented), and a footer with the coverage and whether the budget cut anything.
 */
export function formatRecallText(
  result: RecallResult,
  style: TextStyle = PLAIN,
  options: RecallTextOptions = {},
): string {
  const out: string[] = [];
  for (const hit of result.hits) {
    out.push(hitHeader(hit, style));
    const text = options.numberLines && hit.form === 'snippet' ? numberPassageLines(hit.text) : hit.text;
    out.push(text.replace(/\s+$/, '').replace(/^/gm, '    '));
    out.push('');
  }
  if (result.inContext)
    out.push(
      `already in your context in full, not repeated: ${result.inContext.map((id) => style.id(id)).join(', ')}`,
    );
  const { entriesScanned, from, to } = result.coverage;
  const footer = [
    `${result.hits.length} ${result.hits.length === 1 ? 'hit' : 'hits'}`,
    `${count(entriesScanned, 'entry', 'entries')} searched`,
    ...(from !== undefined && to !== undefined ? [range(from, to)] : []),
    ...(result.truncated ? ['cut to the token budget (raise --max-tokens, or show ID)'] : []),
  ];
  out.push(style.dim(footer.join(' · ')));
  return `${out.join('\n')}\n`;
}
