import { compact, count } from '../../../core/format/index.js';
import type { Note, StoreStats } from '../../../core/store/index.js';
import { mcpWords } from './context.js';
import type { IndexItem, SessionIndex } from './session-index.js';
import { filesTouched, openErrors } from './session-index.js';

/** Items of each list in the curated state. */
const MAX_LIST = 8;
/** Largest stored blocks named, with their ids. */
const MAX_LARGEST = 6;
/** Longest note text quoted. */
const MAX_NOTE_CHARS = 300;

/** One line on what the store holds of this session, and the way back. */
export function storedLine(stats: StoreStats, toolPrefix: string): string {
  const classes = Object.entries(stats.byClass)
    .filter(([, c]) => c && c.count > 0)
    .map(([cls, c]) => `${cls} ${c?.count ?? 0}`)
    .join(', ');
  const words = mcpWords(toolPrefix);
  return `gardener holds ${count(stats.entries, 'stored block')} of this session (${compact(stats.tokensOriginal)} tok: ${classes}); ${words.recall('words')} finds any, ${words.fetch('id')} returns its original`;
}

export interface StateInput {
  index: SessionIndex;
  notes: readonly Note[];
  stats: StoreStats;
  toolPrefix: string;
}

/**
 * The curated state of a session, for Claude Code's compaction (as its custom instructions) and for
 * the context after it: open errors, files touched, decisions (the notes), and the largest stored
 * blocks with their ids, so the summary keeps pointers to what it drops.
 */
export function curatedState(input: StateInput, heading: string): string {
  const lines = [heading];
  const errors = openErrors(input.index).slice(-MAX_LIST);
  if (errors.length > 0) {
    lines.push('Open errors (latest result of each failed):');
    for (const e of errors) lines.push(`- ${label(e)} · id=${e.id}`);
  }
  const files = filesTouched(input.index);
  if (files.written.length > 0) lines.push(`Files changed: ${files.written.slice(0, MAX_LIST).join(', ')}`);
  if (files.read.length > 0) lines.push(`Files read: ${files.read.slice(0, MAX_LIST).join(', ')}`);
  if (input.notes.length > 0) {
    lines.push('Decisions and notes:');
    for (const n of input.notes.slice(0, MAX_LIST)) lines.push(`- ${oneLine(n.text)} (note ${n.id})`);
  }
  const largest = input.index.items
    .filter((i) => i.cls !== 'prompt')
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, MAX_LARGEST);
  if (largest.length > 0) {
    lines.push('Largest stored tool results (originals kept by gardener; keep these ids in the summary):');
    for (const i of largest) lines.push(`- id=${i.id} · ${i.cls} · ${compact(i.tokens)} tok · ${label(i)}`);
  }
  if (input.stats.entries > 0) lines.push(storedLine(input.stats, input.toolPrefix));
  return lines.length > 1 ? lines.join('\n') : '';
}

function label(item: IndexItem): string {
  const what = item.command ?? item.path;
  return what ? `${item.tool ?? item.cls}: ${oneLine(what, 120)}` : (item.tool ?? item.cls);
}

function oneLine(text: string, max = MAX_NOTE_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
