import type { Strategy } from '../types.js';
import { createClearer, withMessages } from './context.js';

/** What a masked tool result reads (observation masking, Claude Code microcompact). */
export const MASK_PLACEHOLDER = '[Old tool result content cleared]';

/** `mask`: every tool result older than the latest M becomes a one-line placeholder. */
export const maskStrategy: Strategy = {
  name: 'mask',
  start(session, options) {
    const clearer = createClearer(session, MASK_PLACEHOLDER);
    let clearedBefore = 0;
    return {
      context(call) {
        const end = session.calls[call]?.messageIndex ?? session.transcript.messages.length;
        const { messages, cleared } = clearer.render(end, options.maskKeep);
        const events = cleared > clearedBefore ? 1 : 0;
        clearedBefore = cleared;
        return { request: withMessages(session, messages), events };
      },
      close() {},
    };
  },
};
