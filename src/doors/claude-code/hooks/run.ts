import { openDoorStore } from '../../kit/store.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import { answerHook, handleWith, runInProcess, type HookRequest } from './answer.js';
import type { HookContext } from './context.js';
import { logProblem } from './log.js';
import type { HookEvent, HookPayload } from './payload.js';
import { postToolUse } from './post-tool-use.js';
import type { HookMessage } from './protocol.js';
import { drainSpool, hasSpooled } from './spool.js';

export type { HookRequest } from './answer.js';

/** The handler of an event: what it prints on stdout ('' for nothing). */
export function handleHook(event: HookEvent, payload: HookPayload, ctx: HookContext): string {
  return event === 'post-tool-use' || event === 'post-tool-use-failure'
    ? postToolUse(payload, ctx)
    : answerHook(event, payload, ctx);
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
  return handleWith(handleHook, store, message, env, onScope);
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
 * rejects: any error is logged to the gardener log and the hook prints nothing, so a broken gardener
 * never breaks a Claude Code session. (A hook that answers loads less: answer.ts runAnswerHook.)
 */
export function runHook(request: HookRequest, openStore = openDoorStore): Promise<string> {
  return runInProcess(request, handleHook, drainSpooled, openStore);
}
