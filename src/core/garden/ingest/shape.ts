import { GardenerError } from '../../../errors.js';
import type { Transcript } from '../../transcript/index.js';

function fail(where: string, what: string): never {
  throw new GardenerError('INPUT_INVALID', what, { where: `transcript${where ? '.' + where : ''}` });
}

/** A transcript the engine cannot read at all is an error naming where; structural API issues pass through. */
export function checkTranscript(transcript: unknown): asserts transcript is Transcript {
  if (transcript === null || typeof transcript !== 'object') fail('', 'transcript must be an object');
  const messages = (transcript as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) fail('messages', 'messages must be an array');
}

/** The same check for each message from `from` on (those before it were read by an earlier sync). */
export function checkMessages(messages: readonly unknown[], from: number): void {
  for (let i = from; i < messages.length; i++) {
    const message = messages[i];
    if (message === null || typeof message !== 'object') fail(`messages.${i}`, 'message must be an object');
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (typeof role !== 'string') fail(`messages.${i}.role`, 'role must be a string');
    if (typeof content !== 'string' && !Array.isArray(content))
      fail(`messages.${i}.content`, 'content must be a string or an array of blocks');
    if (Array.isArray(content)) {
      content.forEach((block: unknown, j) => {
        if (
          block === null ||
          typeof block !== 'object' ||
          typeof (block as { type?: unknown }).type !== 'string'
        ) {
          fail(`messages.${i}.content.${j}`, 'block must be an object with a type');
        }
      });
    }
  }
}
