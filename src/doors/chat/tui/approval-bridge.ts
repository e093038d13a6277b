import type { Approver } from '../agent/controller.js';
import type { ApprovalAnswer, ApprovalRequest } from '../agent/events.js';

/**
 * Carries the controller's approval requests to the TUI, one at a time, and the user's answers
 * back. Requests wait in order until the app answers them (or cancels them on interrupt and quit).
 */
export interface ApprovalBridge {
  ask: Approver;
  /** The app's listener gets the request to show now, or null when none waits. */
  listen(listener: (request: ApprovalRequest | null) => void): () => void;
  answer(answer: ApprovalAnswer): void;
  /** Answers "no" to every waiting request. */
  cancel(): void;
}

export function createApprovalBridge(): ApprovalBridge {
  const waiting: { request: ApprovalRequest; resolve: (answer: ApprovalAnswer) => void }[] = [];
  let listener: ((request: ApprovalRequest | null) => void) | undefined;
  const notify = () => listener?.(waiting[0]?.request ?? null);
  return {
    ask: (request) =>
      new Promise((resolve) => {
        waiting.push({ request, resolve });
        if (waiting.length === 1) notify();
      }),
    listen(next) {
      listener = next;
      notify();
      return () => {
        if (listener === next) listener = undefined;
      };
    },
    answer(answer) {
      waiting.shift()?.resolve(answer);
      notify();
    },
    cancel() {
      for (const item of waiting.splice(0)) item.resolve('no');
      notify();
    },
  };
}
