import type { MessageParam, Transcript } from '../../transcript/index.js';
import type { MessageInput } from '../view/view.js';

/**
 * How many leading messages of a transcript the view already holds unchanged. A door hands the
 * engine the whole transcript on every call; most of it is what it sent last time. A message passes
 * when it is the same object holding the same content (blocks are never edited in place: their
 * fingerprints are kept by object, ingest/identity.ts), or, for a door that parses each request
 * afresh, when it reads the same as the one it replaces. The first message that differs ends the
 * prefix: it and everything after it are synced again.
 */
export function commonPrefix(inputs: MessageInput[], messages: readonly unknown[]): number {
  const limit = Math.min(inputs.length, messages.length);
  for (let m = 0; m < limit; m++) {
    const input = inputs[m] as MessageInput;
    const message = messages[m];
    if (message === input.message && unchanged(input)) continue;
    if (!unchanged(input) || !sameJson(input.message, message)) return m;
    // Equal but a new object: remember this one, so the next call finds it by identity.
    inputs[m] = recordInput(message as MessageParam);
  }
  return limit;
}

/** What a message held when it was synced (its object, role, content and blocks). */
export function recordInput(message: MessageParam): MessageInput {
  return {
    message,
    role: message.role,
    content: message.content,
    blocks: Array.isArray(message.content) ? [...(message.content as unknown[])] : undefined,
  };
}

/** The message object still holds what it held when it was synced (nothing was put in or taken out). */
function unchanged(input: MessageInput): boolean {
  const { message, blocks } = input;
  if (message.role !== input.role || message.content !== input.content) return false;
  if (blocks === undefined) return true;
  const content = message.content as unknown[];
  if (content.length !== blocks.length) return false;
  for (let b = 0; b < blocks.length; b++) if (content[b] !== blocks[b]) return false;
  return true;
}

/** What of a transcript besides its messages decides how they are read (ingest/typed-by-user.ts). */
export function readingOf(transcript: Pick<Transcript, 'format' | 'meta'>): string {
  return JSON.stringify([transcript.format, transcript.meta?.['observations'] ?? null]);
}

/** Two JSON values serialise the same (objects compared key by key, in order: key order shows in a block's fingerprint). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let k = 0; k < keysA.length; k++) {
    const key = keysA[k] as string;
    if (key !== keysB[k]) return false;
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
