import type { BindingFailure } from './check.js';

/** The beta header value that enables `thinking.block_binding`. */
export const BINDING_BETA = 'thinking-binding-controls-2026-08-01';

/** The clause every binding 400 carries (clients match on it). */
export const BOUND_ELSEWHERE = 'bound to a different conversation';

/**
 * The API's 400 message for the first failing block: its path, the rule, what to do, the header
 * sentence when the request did not carry the beta, and where the content first changed.
 */
export function bindingErrorMessage(
  failure: BindingFailure,
  changedAt: string | undefined,
  options: { betaHeader: boolean },
): string {
  const parts = [
    `${failure.path}: Invalid \`signature\` in \`${failure.kind}\` block. The block is ${BOUND_ELSEWHERE}. ` +
      'Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block".',
  ];
  if (!options.betaHeader)
    parts.push(`That setting requires the \`${BINDING_BETA}\` value in the \`anthropic-beta\` header.`);
  if (changedAt)
    parts.push(`Content before this block differs from when it was created, first at \`${changedAt}\`.`);
  return parts.join(' ');
}

/** True for the API's binding 400 (its message, as the error body carries it). */
export function isBindingError(message: string): boolean {
  return message.includes(BOUND_ELSEWHERE);
}
