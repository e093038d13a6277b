import { typedByUser } from '../../core/garden/index.js';
import { contentBlocks } from '../../core/transcript/index.js';
import type { Transcript } from '../../core/transcript/index.js';
import type { ToolResultTest } from './types.js';

/**
 * Which user blocks count as tool results (docs/BENCH.md): `tool_result` blocks, and user text blocks
 * that were not typed by the user, i.e. observations in formats without tool blocks (the engine's
 * rule, src/core/garden/ingest/typed-by-user.ts, so `mask`, needles and gardener agree).
 */
export function toolResultTest(transcript: Pick<Transcript, 'format' | 'meta' | 'messages'>): ToolResultTest {
  const typed = typedByUser(transcript);
  return (messageIndex, blockIndex) => {
    const message = transcript.messages[messageIndex];
    if (!message || message.role !== 'user') return false;
    const block = contentBlocks(message)[blockIndex];
    if (!block) return false;
    if (block.type === 'tool_result') return true;
    return block.type === 'text' && !typed(messageIndex, blockIndex);
  };
}
