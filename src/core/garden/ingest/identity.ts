import { createHash, type Hash } from 'node:crypto';
import { hashJson, hashText } from '../../format/index.js';
import type { Block } from '../../transcript/index.js';

/** Hex characters of content hash kept in a block key: enough to tell two contents apart at one position. */
const KEY_HASH_LENGTH = 16;

/** SHA-1 of a string, truncated: a content fingerprint, not a security measure. */
export function fingerprint(text: string): string {
  return shortHex(createHash('sha1').update(text));
}

/**
 * The first KEY_HASH_LENGTH hex characters of a digest, as a string of their own: a slice of the
 * whole hex digest would keep all 40 characters alive in every block key.
 */
function shortHex(hash: Hash): string {
  return hash.digest().toString('hex', 0, KEY_HASH_LENGTH / 2);
}

/** Content fingerprints by block object: a door that passes the same objects again pays nothing. */
const fingerprints = new WeakMap<object, string>();

/**
 * The stable identity of a block across syncs and restarts: a tool call by its id, a tool result by
 * the id it answers, anything else by its position (message, block); all with a hash of the content,
 * so a client that rewrites a block (e.g. clears an old tool result) gets it treated as new.
 * `taken` holds the keys already given out in this transcript: a repeated id (an invalid input that
 * is passed through) falls back to the positional key so keys stay unique.
 */
export function blockKey(
  message: number,
  index: number,
  block: Block,
  taken: { has(key: string): boolean },
): string {
  const hash = blockFingerprint(block);
  if (block.type === 'tool_use' && typeof block.id === 'string') {
    const key = `u:${block.id}:${hash}`;
    if (!taken.has(key)) return key;
  }
  if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
    const key = `r:${block.tool_use_id}:${hash}`;
    if (!taken.has(key)) return key;
  }
  return `b:${message}.${index}:${hash}`;
}

function blockFingerprint(block: Block): string {
  let hash = fingerprints.get(block);
  if (hash === undefined) {
    hash = contentFingerprint(block);
    fingerprints.set(block, hash);
  }
  return hash;
}

/** Key of the media part `part` inside the block with key `parent`. */
export function partKey(parent: string, part: number): string {
  return `${parent}#${part}`;
}

/** Key of a whole message gardener passes through (unknown role). */
export function messageKey(message: number, content: unknown): string {
  return `m:${message}:${fingerprint(typeof content === 'string' ? content : JSON.stringify(content))}`;
}

/** fingerprint(`t:${text}`) of a text block, fingerprint(JSON.stringify(block)) of any other; a huge one hashed in slices. */
function contentFingerprint(block: Block): string {
  const hash = createHash('sha1');
  return shortHex(block.type === 'text' ? hashText(hash.update('t:'), block.text) : hashJson(hash, block));
}
