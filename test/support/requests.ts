import { stripMessage } from '../../src/core/transcript/strip-message.js';
import type { MessageParam } from '../../src/core/transcript/types.js';
import { validate } from '../../src/core/transcript/validate.js';

/** Checks shared by the engine's replay tests: validity and cache stability of rendered requests. */

const issueKeys = (request: unknown) =>
  new Set(validate(request).issues.map((i) => `${i.path}|${i.message}`));

/** Validation issues the rendered request has that its input did not (a render must add none). */
export function addedIssues(input: unknown, rendered: unknown): string[] {
  const before = issueKeys(input);
  return [...issueKeys(rendered)].filter((key) => !before.has(key));
}

/** A message as JSON with string content written as one text block, so both spellings compare equal. */
export function normalizeMessage(message: MessageParam | undefined): string {
  if (!message) return '';
  const content =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  return JSON.stringify({ ...message, content });
}

/**
 * The first message of `previous` (the last request plus the model's answer) that `next` does not
 * repeat — where the prompt cache breaks — or -1. The injection carried by the previous request's
 * last user turn is ignored: the engine strips it on the next call.
 */
export function firstChangedMessage(
  previous: readonly MessageParam[],
  next: readonly MessageParam[],
): number {
  return previous.findIndex((message, i) => {
    const before = i === previous.length - 2 ? stripMessage(message).message : message;
    return normalizeMessage(before) !== normalizeMessage(next[i]);
  });
}
