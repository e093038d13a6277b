import type { MessageParam, Transcript } from '../../core/transcript/index.js';
import type { Call } from './types.js';

/**
 * The calls of a transcript (docs/BENCH.md § Replay): one before each assistant message. The context of
 * call i is everything before `messageIndex`; the assistant message itself is the call's output.
 */
export function splitCalls(transcript: Pick<Transcript, 'messages'>): Call[] {
  const calls: Call[] = [];
  transcript.messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') calls.push({ index: calls.length, messageIndex });
  });
  return calls;
}

/**
 * For each message, the call it belongs to: an assistant message is the output of its call; a user
 * message is new in the context of the next call. Messages after the last assistant message belong
 * to call `calls.length`, which is never made.
 */
export function callOfMessages(messages: readonly MessageParam[]): number[] {
  const result: number[] = [];
  let assistantsBefore = 0;
  for (const message of messages) {
    result.push(assistantsBefore);
    if (message.role === 'assistant') assistantsBefore += 1;
  }
  return result;
}
