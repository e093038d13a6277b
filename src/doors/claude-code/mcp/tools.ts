import type { CONTENT_CLASSES } from '../../../core/classify/index.js';
import { GardenerError } from '../../../errors.js';
import { storedPressure } from '../../../core/garden/index.js';
import { loadIndex, sinceCompaction } from '../hooks/session-index.js';
import { recallWire } from '../../../core/recall/index.js';
import { recall } from '../../../core/recall/index.js';
import { parseLineRange, readInside, type LineRange } from '../../../core/recall/index.js';
import type { Entry, GardenerStore, Scope } from '../../../core/store/index.js';
import { fetchWindow } from './fetch-window.js';
import { readLivePressure } from './live.js';

/** What the tools work on: the store, and the scope they are bound to now. */
export interface ToolDeps {
  store: GardenerStore;
  scope: () => Scope;
  /** Stores what hooks spooled, before a tool reads the store (hooks/run.ts storeSpooled). */
  storeSpooled?: () => void;
}

/** Hits a recall returns at most (the store allows more; a model rarely needs them). */
export const MAX_TOOL_RECALL = 20;

export const TOOL_TEXT = {
  recall:
    "Search gardener's store of this project: every tool result, prompt and note of your Claude Code sessions is kept there in full, including what was compacted or cleared from your context. Call it when you need something you saw earlier but no longer have (an error message, a file's content, a command's output, a decision), or before re-running a command only to see its output again. Returns JSON: results with id, class, source (tool, path), a snippet or summary, and why it matched. Call fetch with a result's id for the whole original.",
  fetch:
    'Return the original of one stored entry (or note) by id, as stored (secrets redacted). Ids come from recall results and from gardener\'s context notes (id=…). Long originals come in windows: when the reply says there is more, call fetch again with the offset it gives. With a query, only the lines holding it (else all its words) come back, numbered, with context; with lines (e.g. "230-346"), those lines, numbered.',
  context_pressure:
    "Report what gardener holds of this session: stored blocks and tokens by class, how much their summaries would save, how much is still in your context and how much Claude Code's compaction already dropped (recallable), and a one-line recommendation. Call it when deciding whether to recall, forget or note something, or to see what a compaction removed.",
  forget:
    'Drop an entry (or note) from recall by id: it will not come back in recall results or injected context (it stays fetchable by id). Call it for outputs that are stale or misleading, e.g. a failed run you have since fixed.',
  note: 'Save a short curated fact (a decision, a convention, a finding worth keeping) for this project. Notes outrank other results in recall, are shown with every prompt and survive compaction. Returns the note id.',
} as const;

function mustGet<T>(value: T | undefined, id: string): T {
  if (value === undefined)
    throw new GardenerError('NOT_FOUND', `no entry or note with id "${id}" in this project`, {
      hint: 'Ids come from recall results or id=… in gardener context.',
    });
  return value;
}

export function recallTool(deps: ToolDeps, args: { query: string; limit?: number; class?: string }): string {
  deps.storeSpooled?.();
  const cls = args.class as (typeof CONTENT_CLASSES)[number] | undefined;
  const result = recall(deps.store, args.query, deps.scope(), {
    limit: args.limit ?? 5,
    ...(cls !== undefined ? { class: cls } : {}),
    linesCommand: fetchLines,
  });
  return JSON.stringify(recallWire(result), null, 1);
}

/** How a recall hit or a search names lines of an entry it folded: this server's fetch, with `lines`. */
function fetchLines(id: string, first: number, last: number): string {
  return `fetch(id: "${id}", lines: "${first}-${last}")`;
}

export function fetchTool(
  deps: ToolDeps,
  args: { id: string; offset?: number; query?: string; from_line?: number; lines?: string },
): string {
  deps.storeSpooled?.();
  const scope = deps.scope();
  const entry = deps.store.fetch(args.id);
  // Checked before the entry is looked up: a bad range is the caller's mistake whatever the id.
  const lines = args.lines === undefined ? undefined : parseLineRange(args.lines, 'lines');
  if (entry && entry.scope.project === scope.project) {
    deps.store.touch(entry.id);
    if (args.query !== undefined && entry.kind === 'text')
      return fetchInside(entry, args.query, args.from_line !== undefined ? { first: args.from_line } : lines);
    if (lines !== undefined && entry.kind === 'text') return fetchLinesOf(entry, lines);
    const window = fetchWindow(entry.original, args.offset ?? 0);
    const head = `id=${entry.id} · ${entry.class}${entry.sourceTool ? ` · ${entry.sourceTool}` : ''}${entry.sourcePath ? ` ${entry.sourcePath}` : ''} · characters ${window.offset}–${window.end} of ${window.total}${entry.active ? '' : ' · forgotten'}`;
    const more =
      window.next !== undefined
        ? `\n[gardener: ${window.total - window.end} more characters: call fetch with id "${entry.id}" and offset ${window.next}]`
        : '';
    return `${head}\n${window.text}${more}`;
  }
  const note = mustGet(deps.store.getNote(args.id), args.id);
  if (note.scope.project !== scope.project) mustGet(undefined, args.id);
  return `note ${note.id}${note.tags.length > 0 ? ` [${note.tags.join(' ')}]` : ''}\n${note.text}`;
}

/** The lines of an entry's original holding the query, numbered, with context, a page at a time. */
function fetchInside(entry: Entry, query: string, range: LineRange | undefined): string {
  const page = readInside(entry.original, {
    query,
    ...(range !== undefined ? { lines: range } : {}),
    command: (first, last) => fetchLines(entry.id, first, last),
  });
  const head = `id=${entry.id} · ${entry.class}${entry.sourcePath ? ` ${entry.sourcePath}` : ''} · ${entry.original.split('\n').length} lines`;
  if (page.match === 'none') return `${head}\nno line holds "${query}" or any of its words`;
  const how =
    page.match === 'best'
      ? 'no line holds all its words; the lines that best match them'
      : `${page.matches} matching line${page.matches === 1 ? '' : 's'}`;
  const more =
    page.next !== undefined
      ? `\n[gardener: more matches: call fetch with id "${entry.id}", the same query and from_line ${page.next}]`
      : '';
  return `${head} · "${query}": ${how}, lines ${page.first}–${page.last}\n${page.text}${more}`;
}

/** Lines of an entry's original, numbered, a page at a time. */
function fetchLinesOf(entry: Entry, lines: LineRange): string {
  const page = readInside(entry.original, { lines });
  const head = `id=${entry.id} · ${entry.class}${entry.sourcePath ? ` ${entry.sourcePath}` : ''} · lines ${page.first}–${page.last} of ${page.total}`;
  const upTo = lines.last !== undefined ? String(lines.last) : '';
  const more =
    page.next !== undefined
      ? `\n[gardener: more lines: call fetch with id "${entry.id}" and lines "${page.next}-${upTo}"]`
      : '';
  return `${head}\n${page.text}${more}`;
}

export function forgetTool(deps: ToolDeps, args: { id: string }): string {
  const scope = deps.scope();
  const entry = deps.store.fetch(args.id);
  const owner = entry?.scope.project ?? deps.store.getNote(args.id)?.scope.project;
  if (owner !== scope.project || !deps.store.forget(args.id)) mustGet(undefined, args.id);
  return `forgotten: ${args.id} no longer comes back in recall (fetch by id still works)`;
}

export function noteTool(deps: ToolDeps, args: { text: string; tags?: string[] }): string {
  const note = deps.store.note(deps.scope(), args.text, { tags: args.tags ?? [] });
  return `noted: ${note.id}`;
}

/**
 * Pressure of the session: the proxy's live figures when it serves this session (what is sent, the
 * budget), and always what the store holds, by class, with forms from the hooks' index (in Claude
 * Code's context, or already dropped by its compaction).
 */
export function pressureTool(deps: ToolDeps): string {
  deps.storeSpooled?.();
  const scope = deps.scope();
  const live = readLivePressure(deps.store.path, scope.session);
  const stored = storedPressure(deps.store.stats(scope));
  const index = loadIndex(deps.store, scope);
  const inContext = sinceCompaction(index);
  const sum = (items: typeof index.items) => items.reduce((n, i) => n + i.tokens, 0);
  const dropped = index.items.filter((i) => !inContext.includes(i));
  return JSON.stringify(
    {
      source: live ? 'proxy' : 'store',
      scope: { project: scope.project, session: scope.session },
      ...(live
        ? {
            live: {
              sent_tokens: live.sentTokens,
              raw_tokens: live.rawTokens,
              provider_tokens: live.providerTokens ?? null,
              budget: live.budget ?? null,
              pressure: live.budget ? Math.round((live.sentTokens / live.budget) * 1000) / 1000 : null,
              events: live.events,
              tokens_saved: live.tokensSaved,
              updated_at: new Date(live.updatedAt).toISOString(),
            },
          }
        : {}),
      ...stored,
      by_form: {
        in_context: { count: inContext.length, tokens: sum(inContext) },
        compacted_by_claude_code: { count: dropped.length, tokens: sum(dropped) },
      },
      last_compaction: index.compactedAt === null ? null : new Date(index.compactedAt).toISOString(),
    },
    null,
    1,
  );
}
