import { wrapInjected } from '../../../core/transcript/index.js';
import type { HookContext } from './context.js';
import type { HookPayload } from './payload.js';
import { loadIndex, saveIndex } from './session-index.js';
import { curatedState } from './state-text.js';

const PRE_COMPACT_HEADING =
  'gardener (context store of this session): when you summarize, keep the facts below, and keep the ids — the originals stay recallable by id after compaction.';
const SESSION_START_HEADING = 'gardener context (added by gardener, not typed by the user):';

/**
 * PreCompact: Claude Code takes a PreCompact hook's stdout as custom instructions of the compaction
 * (2.1: successful hooks' trimmed output, joined), so this prints the curated state as plain text.
 * It also marks the compaction, so later prompts know what left the context.
 */
export function preCompact(_payload: HookPayload, ctx: HookContext): string {
  const index = loadIndex(ctx.store, ctx.scope);
  saveIndex(ctx.store, ctx.scope, { ...index, compactedAt: ctx.now() });
  return curatedState(
    {
      index,
      notes: ctx.store.notes(ctx.scope),
      stats: ctx.store.stats(ctx.scope),
      toolPrefix: ctx.toolPrefix,
    },
    PRE_COMPACT_HEADING,
  );
}

/**
 * SessionStart: after a compaction or a resume (and at startup, when the project has notes), the
 * notes and a short index of what is stored, as additional context inside gardener's markers.
 */
export function sessionStart(payload: HookPayload, ctx: HookContext): string {
  const index = loadIndex(ctx.store, ctx.scope);
  // Nothing runs between PreCompact and this: marking again covers a PreCompact hook that failed.
  if (payload.source === 'compact') saveIndex(ctx.store, ctx.scope, { ...index, compactedAt: ctx.now() });
  const state = curatedState(
    {
      index,
      notes: ctx.store.notes(ctx.scope),
      stats: ctx.store.stats(ctx.scope),
      toolPrefix: ctx.toolPrefix,
    },
    SESSION_START_HEADING,
  );
  if (state === '') return '';
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: wrapInjected(state) },
  });
}
