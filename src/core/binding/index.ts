/**
 * The binding package's face: the API's prefix check on thinking blocks (preserved thinking) as a
 * pure simulator — what the API records of each thinking block it produces, and which blocks of a
 * later request fail the check. The fake Messages API, the engine and `gardener bench` use it.
 */
export { checkRequest, bindProduced } from './check.js';
export type { BindOptions, BindingCheck, BindingFailure } from './check.js';
export { BINDING_BETA, BOUND_ELSEWHERE, bindingErrorMessage, isBindingError } from './errors.js';
export { checkOutcome, prefixCheckRule, preservesThinking } from './models.js';
export type { AccountAge, CheckOutcome, MismatchBehavior, PrefixCheckRule } from './models.js';
export { createPrefixMemo, prefixDigest, thinkingKey } from './prefix.js';
export type { PrefixMemo } from './prefix.js';
export { createBindingStore } from './store.js';
export type { BindingStore, BlockBinding } from './store.js';
