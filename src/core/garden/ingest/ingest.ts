import type { ContentClass } from '../../classify/index.js';
import { countBlock } from '../../tokens/index.js';
import type { Tokenizer } from '../../tokens/index.js';
import type { Block } from '../../transcript/index.js';
import type { Slot } from '../view/slot.js';

/**
 * Ingest: how a block becomes a slot. register.ts makes the slot of a block seen for the first time
 * (cheap: identity and exact tokens); settle.ts classifies, compresses and stores it later, off the
 * request path. This module holds what both share.
 */

/** Texts shorter than this (tokens) are stored as they are: a summary header would cost more than it saves. */
export const MIN_COMPRESS_TOKENS = 64;

/** The store needs a content class; media entries (kind `media`) are filed under this one. */
export const MEDIA_STORE_CLASS: ContentClass = 'structured';

/** Where a block sits and what is known about it. */
export interface BlockPlace {
  key: string;
  message: number;
  index: number;
  role: string;
  typed: boolean;
  turn: number;
  /** The tool call a tool_result answers. */
  toolUse?: { name: string; input: Record<string, unknown> };
  /** What produced the block's text (call.ts), indexed with its entry. */
  call?: string;
  /** An earlier block of this transcript carried the same media (so this one is a repeat). */
  isRepeat?: (hash: string) => boolean;
}

/** A block passed through as it is: always in its original form, never stored. */
export function fixedSlot(
  block: Block,
  place: Pick<BlockPlace, 'key' | 'message' | 'index' | 'role' | 'turn'>,
  tokenizer: Tokenizer,
  tokens?: number,
): Slot {
  // The position is written out, not spread from position(): V8 gives an object literal that
  // starts with a spread and adds fields a hidden class of its own, kilobytes for every slot.
  return {
    key: place.key,
    message: place.message,
    index: place.index,
    part: -1,
    role: place.role,
    turn: place.turn,
    kind: 'fixed',
    typed: false,
    block,
    text: '',
    hint: '',
    terms: [],
    textTokens: 0,
    blocks: { original: block },
    tokens: { original: tokens ?? countBlock(tokenizer, block) },
    form: 'original',
    // Set as the slot is indexed; declared here to be held in the object itself.
    tally: undefined,
  };
}

export function position(
  place: Pick<BlockPlace, 'key' | 'message' | 'index' | 'role' | 'turn'>,
): Pick<Slot, 'key' | 'message' | 'index' | 'part' | 'role' | 'turn'> {
  return {
    key: place.key,
    message: place.message,
    index: place.index,
    part: -1,
    role: place.role,
    turn: place.turn,
  };
}
