import type { Block } from '../../transcript/index.js';
import type { Slot } from './slot.js';

/**
 * A block without its text, and the text put back: how a one-shot garden lets go of an original
 * the store holds (ingest/release.ts) and how it gets it back (render/read-back.ts).
 */

/** The block with its text taken out, every other field as it was (in the same order). */
export function blockShell(slot: Slot): Block | undefined {
  const block = slot.block;
  if (block.type === 'text') return { ...block, text: '' };
  if (block.type !== 'tool_result') return undefined;
  if (typeof block.content === 'string') return { ...block, content: '' };
  const parts = block.content;
  if (Array.isArray(parts) && parts.length === 1 && parts[0]?.type === 'text')
    return { ...block, content: [{ ...parts[0], text: '' }] };
  return undefined;
}

/** A shell with its text put back where blockShell took it from. */
export function withText(shell: Block, text: string): Block {
  if (shell.type === 'text') return { ...shell, text };
  if (shell.type !== 'tool_result') return shell;
  if (typeof shell.content === 'string') return { ...shell, content: text };
  const part = shell.content?.[0];
  return { ...shell, content: [{ ...part, text } as typeof part & { type: 'text' }] };
}
