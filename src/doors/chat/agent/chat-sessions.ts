import { randomBytes } from 'node:crypto';
import { debug } from '../../../debug.js';
import type { Scope, Store } from '../../../core/store/index.js';
import type { MessageParam } from '../../../core/transcript/index.js';
import type { CostSoFar } from './events.js';

/**
 * Chat sessions live in the store's session state (no table of their own): in the session itself,
 * the record under CHAT_KEY and each message under `chat.m.<index>` (written once, so a save costs
 * the new messages, not the whole conversation); a per-project index (for `--continue` and the
 * `/resume` picker) under INDEX_KEY in the reserved session INDEX_SESSION.
 */
export const CHAT_KEY = 'chat';
const messageKey = (index: number) => `${CHAT_KEY}.m.${index}`;
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

type StoredRecord = Omit<ChatRecord, 'messages'> & { count: number };

/** The stored conversation of a session; undefined when there is none or it cannot be read. */
export function loadChat(store: Store, scope: Scope): ChatRecord | undefined {
  const raw = store.sessionStateGet(scope, CHAT_KEY);
  if (raw === undefined) return undefined;
  try {
    const { count, ...rest } = JSON.parse(raw) as Partial<StoredRecord>;
    if (rest.v !== 1 || typeof count !== 'number')
      throw new Error(`unknown chat record version ${String(rest.v)}`);
    const messages: MessageParam[] = [];
    for (let i = 0; i < count; i++) {
      const message = store.sessionStateGet(scope, messageKey(i));
      if (message === undefined) throw new Error(`message ${i} of ${count} is missing`);
      messages.push(JSON.parse(message) as MessageParam);
    }
    return { ...(rest as Omit<ChatRecord, 'messages'>), messages };
  } catch (error) {
    debug('chat', 'stored conversation unreadable', { scope, error: String(error) });
    return undefined;
  }
}

/**
 * Saves the record and the messages from `from` on (earlier ones are stored already and never
 * change); the record goes last, so a save cut short leaves the previous conversation whole.
 */
export function saveChat(store: Store, scope: Scope, record: ChatRecord, from = 0): void {
  const { messages, ...rest } = record;
  for (let i = Math.max(0, from); i < messages.length; i++)
    store.sessionStateSet(scope, messageKey(i), JSON.stringify(messages[i]));
  const stored: StoredRecord = { ...rest, count: messages.length };
  store.sessionStateSet(scope, CHAT_KEY, JSON.stringify(stored));
}

/** Sessions of a project, latest first. */
export function listChats(store: Store, project: string): ChatListing[] {
  return parseListings(store.sessionStateGet({ project, session: INDEX_SESSION }, INDEX_KEY));
}

function parseListings(raw: string | undefined): ChatListing[] {
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
  // Read and written in one transaction: chats of other sessions index theirs at the same time.
  store.sessionStateUpdate({ project: scope.project, session: INDEX_SESSION }, INDEX_KEY, (raw) => {
    const rest = parseListings(raw).filter((l) => l.id !== scope.session);
    const list = [listing, ...rest].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, INDEX_MAX);
    return JSON.stringify(list);
  });
}

/** A title from the first prompt: one line, at most 60 characters. */
export function titleOf(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
