import {
  BINDING_BETA,
  bindProduced,
  bindingErrorMessage,
  checkOutcome,
  checkRequest,
  createBindingStore,
  type AccountAge,
  type MismatchBehavior,
} from '../../../src/core/binding/index.js';
import type { Json } from './types.js';

/** One entry of a response's `input_transformations`. */
export interface InputTransformation {
  type: 'thinking_dropped' | 'thinking_mismatch_allowed';
  path: string;
  reason: 'prefix_binding_mismatch';
}

/** What the prefix check made of a request. */
export interface BindingReview {
  /** The API's 400 message, when the request fails. */
  error?: string;
  /** Paths of thinking blocks dropped before the model reads the request. */
  dropped: Set<string>;
  /** `input_transformations` of the response, when the request sent the beta header. */
  transformations?: InputTransformation[];
}

/**
 * The account's side of preserved thinking: every thinking block the fake produces on a model that
 * runs the prefix check is bound (src/core/binding), and every request is checked against those
 * bindings as the API checks it for an account of that age.
 */
export function createBindingGate(account: AccountAge) {
  const store = createBindingStore();
  return {
    review(body: Json, betas: ReadonlySet<string>): BindingReview {
      const header = betas.has(BINDING_BETA);
      const behavior = body.thinking?.block_binding?.prefix_mismatch_behavior as MismatchBehavior | undefined;
      const outcome = checkOutcome(String(body.model), account, behavior);
      const review: BindingReview = { dropped: new Set() };
      if (header) review.transformations = [];
      if (outcome === 'none') return review;
      const check = checkRequest(body, store);
      const first = check.failures[0];
      if (!first) return review;
      if (outcome === 'error') {
        review.error = bindingErrorMessage(first, check.changedAt, { betaHeader: header });
        return review;
      }
      const type = outcome === 'drop' ? 'thinking_dropped' : 'thinking_mismatch_allowed';
      for (const failure of check.failures) {
        if (outcome === 'drop') review.dropped.add(failure.path);
        review.transformations?.push({ type, path: failure.path, reason: 'prefix_binding_mismatch' });
      }
      return review;
    },
    /** Binds the thinking blocks of a reply to the request as sent, less what was dropped. */
    bind(body: Json, dropped: ReadonlySet<string>, content: readonly unknown[]): void {
      if (checkOutcome(String(body.model), account) === 'none') return;
      bindProduced(body, content, store, { dropped });
    },
  };
}

/** The request without the dropped thinking blocks (the same body when none is). */
export function withoutDropped(body: Json, dropped: ReadonlySet<string>): Json {
  if (dropped.size === 0) return body;
  const messages = (body.messages as Json[]).map((message, i): Json =>
    Array.isArray(message.content)
      ? {
          ...message,
          content: (message.content as unknown[]).filter(
            (_, j) => !dropped.has(`messages.${i}.content.${j}`),
          ),
        }
      : message,
  );
  return { ...body, messages };
}
