import { resolveTarget } from '../../kit/scope.js';
import { openDoorStore } from '../../kit/store.js';
import { GardenerError } from '../../../errors.js';
import { isBusyError } from '../../../core/store/index.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import { preCompact, sessionStart } from './compaction.js';
import { hookScope, projectDir, toolPrefixFor, type HookContext } from './context.js';
import { logProblem } from './log.js';
import { parsePayload, type HookEvent, type HookPayload } from './payload.js';
import type { HookMessage } from './protocol.js';
import { hasSpooled } from './spool.js';
import { userPromptSubmit } from './user-prompt.js';

// The hooks that answer (a prompt, a session's start, a compaction) without the engine's compressors:
// what a hook process with no server loads for them. A tool result is stored by run.ts, which loads
// the compressors; so is what waits in the spool, loaded only when something does.

/** One hook invocation as a process (or the hook server) receives it. */
export interface HookRequest {
  event: HookEvent;
  /** The JSON Claude Code wrote on the hook's stdin. */
  input: string;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** The handler of an event: what it prints on stdout ('' for nothing). */
export type HookHandler = (event: HookEvent, payload: HookPayload, ctx: HookContext) => string;

/** The handler of every event but a tool result's (run.ts handleHook handles those). */
export function answerHook(event: HookEvent, payload: HookPayload, ctx: HookContext): string {
  switch (event) {
    case 'user-prompt-submit':
      return userPromptSubmit(payload, ctx);
    case 'pre-compact':
      return preCompact(payload, ctx);
    case 'session-start':
      return sessionStart(payload, ctx);
    case 'post-tool-use':
    case 'post-tool-use-failure':
      throw new GardenerError('INTERNAL', `${event} is handled by hooks/run.ts handleHook`);
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
export function handleWith(
  handle: HookHandler,
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
    return handle(message.event, payload, ctx);
  } catch (error) {
    if (isBusyError(error)) throw error;
    logProblem(store.path, `hook ${message.event}`, 'hook failed; printed nothing', error);
    return '';
  }
}

/**
 * Runs one hook in this process with its own store, after `drain` has stored the results spooled
 * before it. Never rejects: any error is logged to the gardener log and the hook prints nothing, so
 * a broken gardener never breaks a Claude Code session.
 */
export async function runInProcess(
  request: HookRequest,
  handle: HookHandler,
  drain: (store: GardenerStore, env: Record<string, string | undefined>) => void | Promise<void>,
  openStore = openDoorStore,
): Promise<string> {
  let dbPath = resolveTarget({ env: request.env, cwd: request.cwd }).path;
  let store: GardenerStore | undefined;
  try {
    const payload = parsePayload(request.input);
    dbPath = requestTarget(request, payload).path;
    store = openStore({ path: dbPath });
    await drain(store, request.env);
    const message = { event: request.event, input: request.input, cwd: request.cwd, env: {} };
    return handleWith(handle, store, message, request.env);
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

/** A hook that answers, in its own process: the engine's compressors load only if results were spooled. */
export function runAnswerHook(request: HookRequest, openStore = openDoorStore): Promise<string> {
  return runInProcess(
    request,
    answerHook,
    async (store, env) => {
      if (hasSpooled(env, store.path)) (await import('./run.js')).drainSpooled(store, env);
    },
    openStore,
  );
}
