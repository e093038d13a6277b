import { createSessionPool, DEFAULT_POOL_SIZE, type SessionPool } from '../kit/pool.js';
import type { DoorSession } from '../kit/session.js';
import { openDoorStore } from '../kit/store.js';
import { debug } from '../../debug.js';
import { PROXY_KEEP_LAST_TURNS, type GardenSettings } from '../../core/garden/constants.js';
import { createLru } from '../../core/lru/index.js';
import { resolveProject } from '../../core/store/index.js';
import type { Scope } from '../../core/store/index.js';
import type { Tokenizer } from '../../core/tokens/index.js';
import type { MessageParam } from '../../core/transcript/index.js';
import { retrievalFor, type Retrieval } from './retrieval.js';
import { reuseMessages } from './reuse.js';

export interface ConversationOptions {
  /** Database file. */
  storePath: string;
  budget: number;
  /** Working directory used when the client does not state one. */
  cwd: string;
  /** Project for every session (overrides the client's working directory). */
  project?: string;
  settings?: GardenSettings;
  tokenizer?: Tokenizer;
  redact?: boolean;
}

/** Conversations remembered (messages, way back, count_tokens lookup): as many as the pools keep open. */
const REMEMBERED = DEFAULT_POOL_SIZE;

/** The conversations a proxy gardens: their scopes, sessions (through the door kit's pools) and last messages. */
export interface Conversations {
  /** The scope of a conversation: the project of the directory the client works in. */
  scopeOf(session: string, cwd: string | undefined): Scope;
  /** The conversation's session; its way back (MCP tools or shell) is fixed by the tools of its first request. */
  session(scope: Scope, tools: unknown): DoorSession;
  /** The messages, with objects of the conversation's previous request where they are equal. */
  reuse(scope: Scope, messages: MessageParam[]): MessageParam[];
  /** Remembers a conversation by its first-message fingerprint (count_tokens bodies carry no session id). */
  remember(conversation: string, scope: Scope): void;
  find(conversation: string): Scope | undefined;
  /**
   * Drops a conversation's garden and messages without saving its state: it is gardened elsewhere now
   * (the proxy's other thread), which saves its own; saving this copy would write over it.
   */
  retire(scope: Scope): void;
  /** Settles and saves every garden, then closes the store. */
  close(): Promise<void>;
}

export function createConversations(options: ConversationOptions): Conversations {
  const store = openDoorStore(
    { path: options.storePath },
    { server: true, ...(options.redact === false ? { redact: false } : {}) },
  );
  // The way back is written into every summary a garden builds, so it is one pool per way.
  const pools = new Map<string, SessionPool>();
  const ways = createLru<string, Retrieval>({ maxEntries: REMEMBERED });
  const projects = createLru<string, string>({ maxEntries: REMEMBERED });
  const lastMessages = createLru<string, MessageParam[]>({ maxEntries: REMEMBERED });
  const byConversation = createLru<string, Scope>({ maxEntries: REMEMBERED });

  const poolFor = (way: Retrieval): SessionPool => {
    let pool = pools.get(way.key);
    if (!pool) {
      pool = createSessionPool({
        store,
        budget: options.budget,
        config: { keepLastTurns: PROXY_KEEP_LAST_TURNS, ...options.settings, retrieval: way.words },
        ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
        onError: (error, scope) =>
          debug('proxy', 'closing a session failed', { scope, error: String(error) }),
      });
      pools.set(way.key, pool);
    }
    return pool;
  };

  return {
    scopeOf(session, cwd) {
      if (options.project) return { project: options.project, session };
      const dir = cwd ?? options.cwd;
      let project = projects.peek(dir);
      if (project === undefined) {
        project = resolveProject({ cwd: dir });
        projects.set(dir, project);
      }
      return { project, session };
    },
    session(scope, tools) {
      const key = keyOf(scope);
      const way = ways.peek(key) ?? retrievalFor(tools);
      ways.set(key, way);
      return poolFor(way).get(scope);
    },
    reuse(scope, messages) {
      const key = keyOf(scope);
      const out = reuseMessages(lastMessages.peek(key), messages);
      lastMessages.set(key, out);
      return out;
    },
    remember: (conversation, scope) => byConversation.set(conversation, scope),
    find: (conversation) => byConversation.peek(conversation),
    retire(scope) {
      const key = keyOf(scope);
      for (const pool of pools.values()) pool.drop(scope);
      lastMessages.delete(key);
      for (const [conversation, known] of byConversation.entries())
        if (keyOf(known) === key) byConversation.delete(conversation);
    },
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      store.close();
    },
  };
}

const keyOf = (scope: Scope): string => `${scope.project}\0${scope.session}`;
