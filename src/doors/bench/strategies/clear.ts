import type { Strategy } from '../types.js';
import { createClearer, recordedRequest, withMessages } from './context.js';

/** clear_tool_uses_20250919 default trigger, in input tokens. */
export const CLEAR_TRIGGER = 100_000;
/** clear_tool_uses_20250919 default: tool uses kept. */
export const CLEAR_KEEP = 3;
/** What a cleared tool result reads. */
export const CLEAR_PLACEHOLDER = '[Tool result cleared to save context]';

/**
 * `clear`: Anthropic's server-side context editing with its defaults. The client keeps the full
 * history; once it exceeds min(100k, window/2), all but the latest 3 tool results are cleared. The
 * client sends the full history (`sent`); the cleared copy is what the model reads and is billed.
 */
export const clearStrategy: Strategy = {
  name: 'clear',
  start(session, options) {
    const clearer = createClearer(session, CLEAR_PLACEHOLDER);
    const trigger = Math.min(CLEAR_TRIGGER, options.window / 2);
    let clearedBefore = 0;
    return {
      context(call) {
        const full = recordedRequest(session, call);
        if (options.meter.request(full) <= trigger) return { request: full, events: 0 };
        const { messages, cleared } = clearer.render(full.messages.length, CLEAR_KEEP);
        const events = cleared > clearedBefore ? 1 : 0;
        clearedBefore = cleared;
        return { request: withMessages(session, messages), sent: full, events };
      },
      close() {},
    };
  },
};
