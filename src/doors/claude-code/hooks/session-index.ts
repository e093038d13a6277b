import type { ContentClass } from '../../../core/classify/index.js';
import { debug } from '../../../debug.js';
import type { Scope, Store } from '../../../core/store/index.js';

/** Session-state key of what the plugin's hooks stored in a Claude Code session. */
export const INDEX_KEY = 'plugin-index';
/** Items kept (oldest dropped first): enough for a pre-compact state, small enough to rewrite per hook. */
export const MAX_INDEX_ITEMS = 400;

/** One stored tool result or prompt, as the hooks saw it. */
export interface IndexItem {
  id: string;
  cls: ContentClass;
  tool?: string;
  path?: string;
  command?: string;
  tokens: number;
  error: boolean;
  /** The tool changed the file at `path` (Edit, Write, MultiEdit, NotebookEdit). */
  wrote?: boolean;
  at: number;
}

/** What the hooks know of one session: stored items and the time of the last compaction. */
export interface SessionIndex {
  v: 1;
  items: IndexItem[];
  compactedAt: number | null;
}

export function emptyIndex(): SessionIndex {
  return { v: 1, items: [], compactedAt: null };
}

export function loadIndex(store: Pick<Store, 'sessionStateGet'>, scope: Scope): SessionIndex {
  const raw = store.sessionStateGet(scope, INDEX_KEY);
  if (raw === undefined) return emptyIndex();
  try {
    const parsed = JSON.parse(raw) as Partial<SessionIndex>;
    if (parsed.v !== 1 || !Array.isArray(parsed.items)) throw new Error('unknown shape');
    return { v: 1, items: parsed.items, compactedAt: parsed.compactedAt ?? null };
  } catch (error) {
    debug('hooks', 'session index unreadable; starting afresh', { scope, error: String(error) });
    return emptyIndex();
  }
}

export function saveIndex(store: Pick<Store, 'sessionStateSet'>, scope: Scope, index: SessionIndex): void {
  const items = index.items.slice(-MAX_INDEX_ITEMS);
  store.sessionStateSet(scope, INDEX_KEY, JSON.stringify({ ...index, items }));
}

/** Adds items (an id already indexed is replaced: the same content stored again). */
export function addItems(index: SessionIndex, items: readonly IndexItem[]): SessionIndex {
  const ids = new Set(items.map((i) => i.id));
  return { ...index, items: [...index.items.filter((i) => !ids.has(i.id)), ...items] };
}

/** Items stored since the last compaction: Claude Code still holds them in context (as far as gardener knows). */
export function sinceCompaction(index: SessionIndex): IndexItem[] {
  const from = index.compactedAt;
  return from === null ? index.items : index.items.filter((i) => i.at > from);
}

/** Commands and files whose latest result was an error: the errors still open. */
export function openErrors(index: SessionIndex): IndexItem[] {
  const latest = new Map<string, IndexItem>();
  for (const item of index.items) {
    if (item.cls === 'prompt') continue;
    const key = item.command ?? item.path ?? item.tool ?? item.id;
    latest.set(key, item);
  }
  return [...latest.values()].filter((i) => i.error || i.cls === 'error');
}

/** Files touched: written ones first, then read ones, each once, most recent first. */
export function filesTouched(index: SessionIndex): { written: string[]; read: string[] } {
  const written: string[] = [];
  const read: string[] = [];
  for (const item of [...index.items].reverse()) {
    if (!item.path) continue;
    if (item.wrote) {
      if (!written.includes(item.path)) written.push(item.path);
    } else if (!read.includes(item.path) && !written.includes(item.path)) read.push(item.path);
  }
  return { written, read: read.filter((p) => !written.includes(p)) };
}
