import { resolveTarget } from '../door/scope.js';
import { openDoorStore } from '../door/store.js';
import { assertNever } from '../errors.js';
import type { GardenerStore } from '../store/types.js';
import { preCompact, sessionStart } from './compaction.js';
import { hookScope, projectDir, toolPrefixFor, type HookContext } from './context.js';
import { logProblem } from './log.js';
import { parsePayload, type HookEvent, type HookPayload } from './payload.js';
import { postToolUse } from './post-tool-use.js';
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
 * Runs one hook in this process with its own store. Never throws: any error is logged to the
 * gardener log and the hook prints nothing, so a broken gardener never breaks a Claude Code session.
 */
export function runHook(request: HookRequest, openStore = openDoorStore): string {
  let dbPath = requestTarget(request, { session_id: '-' }).path;
  let store: GardenerStore | undefined;
  try {
    const payload = parsePayload(request.input);
    const target = requestTarget(request, payload);
    dbPath = target.path;
    store = openStore(target);
    const ctx: HookContext = {
      store,
      scope: target.scope,
      toolPrefix: toolPrefixFor(request.env),
      now: Date.now,
    };
    return handleHook(request.event, payload, ctx);
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
