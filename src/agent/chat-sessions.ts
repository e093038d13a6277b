import { randomBytes } from 'node:crypto';
import { debug } from '../debug.js';
import type { Scope, Store } from '../store/types.js';
import type { MessageParam } from '../transcript/types.js';
import type { CostSoFar } from './events.js';

/**
 * Chat sessions live in the store's session state (no table of their own): the conversation under
 * CHAT_KEY in the session itself, and a per-project index (for `--continue` and the `/resume`
 * picker) under INDEX_KEY in the reserved session INDEX_SESSION.
 */
export const CHAT_KEY = 'chat';
export const INDEX_KEY = 'chat-sessions';
export const INDEX_SESSION = '.chat-index';
/** Sessions listed in the index at most (the oldest drop out of the list, not out of the store). */
const INDEX_MAX = 200;

export interface ChatRecord {
  v: 1;
  model: string;
  budget: number;
  cwd: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  calls: number;
  cost: CostSoFar;
  messages: MessageParam[];
}

export interface ChatListing {
  id: string;
  title: string;
  model: string;
  updatedAt: number;
  calls: number;
}

/** A new session id: `chat-YYYYMMDD-HHMMSS-xxxx` (sortable, unique enough for one user). */
export function newSessionId(now = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `chat-${stamp}-${randomBytes(2).toString('hex')}`;
}

/** The stored conversation of a session; undefined when there is none or it cannot be read. */
export function loadChat(store: Store, scope: Scope): ChatRecord | undefined {
  const raw = store.sessionStateGet(scope, CHAT_KEY);
  if (raw === undefined) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<ChatRecord>;
    if (parsed.v !== 1 || !Array.isArray(parsed.messages))
      throw new Error(`unknown chat record version ${String(parsed.v)}`);
    return parsed as ChatRecord;
  } catch (error) {
    debug('chat', 'stored conversation unreadable', { scope, error: String(error) });
    return undefined;
  }
}

export function saveChat(store: Store, scope: Scope, record: ChatRecord): void {
  store.sessionStateSet(scope, CHAT_KEY, JSON.stringify(record));
}

/** Sessions of a project, latest first. */
export function listChats(store: Store, project: string): ChatListing[] {
  const raw = store.sessionStateGet({ project, session: INDEX_SESSION }, INDEX_KEY);
  if (raw === undefined) return [];
  try {
    const list = JSON.parse(raw) as ChatListing[];
    return Array.isArray(list) ? list.filter((l) => typeof l?.id === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a session first in its project's index. */
export function indexChat(store: Store, scope: Scope, record: ChatRecord): void {
  const listing: ChatListing = {
    id: scope.session,
    title: record.title,
    model: record.model,
    updatedAt: record.updatedAt,
    calls: record.calls,
  };
  const rest = listChats(store, scope.project).filter((l) => l.id !== scope.session);
  const list = [listing, ...rest].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, INDEX_MAX);
  store.sessionStateSet({ project: scope.project, session: INDEX_SESSION }, INDEX_KEY, JSON.stringify(list));
}

/** A title from the first prompt: one line, at most 60 characters. */
export function titleOf(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
