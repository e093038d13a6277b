import type { Strategy } from '../types.js';
import { recordedRequest } from './context.js';

/** `raw`: no context management; every call sends the whole recorded history. */
export const rawStrategy: Strategy = {
  name: 'raw',
  start(session) {
    return {
      context: (call) => ({ request: recordedRequest(session, call), events: 0 }),
      close() {},
    };
  },
};
