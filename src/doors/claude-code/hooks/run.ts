import { resolveTarget } from '../../kit/scope.js';
import { openDoorStore } from '../../kit/store.js';
import { assertNever } from '../../../errors.js';
import { isBusyError } from '../../../core/store/index.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import { preCompact, sessionStart } from './compaction.js';
import { hookScope, projectDir, toolPrefixFor, type HookContext } from './context.js';
import { logProblem } from './log.js';
import { parsePayload, type HookEvent, type HookPayload } from './payload.js';
import { postToolUse } from './post-tool-use.js';
import type { HookMessage } from './protocol.js';
import { drainSpool, hasSpooled } from './spool.js';
import { userPromptSubmit } from './user-prompt.js';

/** One hook invocation as a process (or the hook server) receives it. */
export interface HookRequest {
  event: HookEvent;
  /** The JSON Claude Code wrote on the hook's stdin. */
  input: string;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** The handler of an event: what it prints on stdout ('' for nothing). */
export function handleHook(event: HookEvent, payload: HookPayload, ctx: HookContext): string {
  switch (event) {
    case 'post-tool-use':
    case 'post-tool-use-failure':
      return postToolUse(payload, ctx);
    case 'user-prompt-submit':
      return userPromptSubmit(payload, ctx);
    case 'pre-compact':
      return preCompact(payload, ctx);
    case 'session-start':
      return sessionStart(payload, ctx);
    default:
      return assertNever(event);
  }
}

/** Where the store is for a request (the same resolution as every door). */
export function requestTarget(request: Pick<HookRequest, 'env' | 'cwd'>, payload: HookPayload) {
  const dir = projectDir(payload, request.env, request.cwd);
  const target = resolveTarget({ env: request.env, cwd: dir });
  return { path: target.path, scope: hookScope(payload, dir) };
}

/**
 * Handles one hook message with an open store (the server's, or a hook process's own). Throws only
 * a busy store (the caller retries); any other error is logged and the hook prints nothing.
 */
export function handleMessage(
  store: GardenerStore,
  message: Pick<HookMessage, 'event' | 'input' | 'cwd' | 'env'>,
  env: Record<string, string | undefined>,
  onScope?: (scope: Scope) => void,
): string {
  try {
    const payload = parsePayload(message.input);
    const merged = { ...env, ...message.env };
    const target = requestTarget({ env: merged, cwd: message.cwd }, payload);
    onScope?.(target.scope);
    const ctx: HookContext = {
      store,
      scope: target.scope,
      toolPrefix: toolPrefixFor(merged),
      now: Date.now,
    };
    return handleHook(message.event, payload, ctx);
  } catch (error) {
    if (isBusyError(error)) throw error;
    logProblem(store.path, `hook ${message.event}`, 'hook failed; printed nothing', error);
    return '';
  }
}

/**
 * Stores what hooks spooled, when anything waits: every reader of the store (CLI, MCP tools) calls
 * it first, so a result a hook just spooled is found at once. Never throws.
 */
export function storeSpooled(store: GardenerStore, env: Record<string, string | undefined>): void {
  if (store.index.writable && hasSpooled(env, store.path)) drainSpooled(store, env);
}

/** Stores the tool results hooks spooled while no server ran (oldest first); never throws. */
export function drainSpooled(store: GardenerStore, env: Record<string, string | undefined>): void {
  try {
    drainSpool(
      env,
      store.path,
      (message) => void handleMessage(store, message, env),
      (file, error) => logProblem(store.path, 'hook', `spooled hook ${file} unreadable; removed`, error),
    );
  } catch (error) {
    logProblem(store.path, 'hook', 'spooled hooks left for later', error);
  }
}

/**
 * Runs one hook in this process with its own store, after the results spooled before it. Never
 * throws: any error is logged to the gardener log and the hook prints nothing, so a broken gardener
 * never breaks a Claude Code session.
 */
export function runHook(request: HookRequest, openStore = openDoorStore): string {
  let dbPath = resolveTarget({ env: request.env, cwd: request.cwd }).path;
  let store: GardenerStore | undefined;
  try {
    const payload = parsePayload(request.input);
    dbPath = requestTarget(request, payload).path;
    store = openStore({ path: dbPath });
    drainSpooled(store, request.env);
    return handleMessage(
      store,
      { event: request.event, input: request.input, cwd: request.cwd, env: {} },
      request.env,
    );
  } catch (error) {
    logProblem(dbPath, `hook ${request.event}`, 'hook failed; printed nothing', error);
    return '';
  } finally {
    try {
      store?.close();
    } catch (error) {
      logProblem(dbPath, `hook ${request.event}`, 'closing the store failed', error);
    }
  }
}
