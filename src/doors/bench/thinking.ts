import { createHash } from 'node:crypto';
import { preservesThinking } from '../../core/binding/index.js';
import { cacheModel } from '../../core/cache/index.js';
import type { Block, MessageParam } from '../../core/transcript/index.js';
import { toBenchSession } from './session.js';
import type { BenchSession } from './types.js';

/** How a run replays thinking (docs/BENCH.md § Preserved thinking). */
export interface ThinkingReplay {
  /** The model every session is replayed on (`--model`). */
  model: string;
  /** Earlier turns' thinking stays in the context and is billed as input (the model keeps it). */
  counted: boolean;
  /** The model binds each thinking block to its prefix: every request is checked (core/binding). */
  checked: boolean;
  /** Tokens of the thinking block made up for each assistant message of a session that has none. */
  synthTokens?: number;
}

/** The replay on `model`, with `synthTokens` of made-up thinking per reply where a session has none. */
export function thinkingReplay(model: string, synthTokens?: number): ThinkingReplay {
  const replay: ThinkingReplay = {
    model,
    counted: cacheModel(model).keepsThinking,
    checked: preservesThinking(model),
  };
  if (synthTokens !== undefined) replay.synthTokens = synthTokens;
  return replay;
}

/** The word a made-up thinking block repeats: one token with and without a space before it. */
const SYNTH_WORD = 'think';

/**
 * The session as the model would run it: the request names the model (the engine reads
 * `extra.model` for its prices and thinking rules) and, on a model that thinks adaptively, asks for
 * adaptive thinking as Claude Code does. With `synthTokens`, a session without any thinking block
 * gets one at the start of each assistant message (`synthTokens` words, a signature of its own), so
 * the prefix check has blocks to check; a session with recorded thinking keeps it as it is.
 */
export function onModel(session: BenchSession, replay: ThinkingReplay): BenchSession {
  const { transcript } = session;
  const extra: Record<string, unknown> = { ...transcript.extra, model: replay.model };
  if (extra['thinking'] === undefined && cacheModel(replay.model).adaptiveThinking)
    extra['thinking'] = { type: 'adaptive' };
  const synth = replay.synthTokens !== undefined && !hasThinking(transcript.messages);
  const messages = synth
    ? transcript.messages.map((message, m) =>
        message.role === 'assistant'
          ? withThinking(message, synthBlock(session.label, m, replay.synthTokens as number))
          : message,
      )
    : transcript.messages;
  return toBenchSession({ ...transcript, extra, messages }, session.label, session.fold, session.name);
}

function hasThinking(messages: readonly MessageParam[]): boolean {
  return messages.some(
    (message) =>
      Array.isArray(message.content) &&
      message.content.some((block) => block.type === 'thinking' || block.type === 'redacted_thinking'),
  );
}

/** A thinking block of `tokens` words, signed by a digest of the session and the message. */
function synthBlock(label: string, message: number, tokens: number): Block {
  const signature = createHash('sha512').update(`${label}\u0000${message}`).digest('base64');
  return {
    type: 'thinking',
    thinking: Array.from({ length: tokens }, () => SYNTH_WORD).join(' '),
    signature: `synth-${signature}`,
  };
}

function withThinking(message: MessageParam, thinking: Block): MessageParam {
  const content: Block[] =
    typeof message.content === 'string'
      ? message.content === ''
        ? []
        : [{ type: 'text', text: message.content }]
      : message.content;
  return { ...message, content: [thinking, ...content] } as MessageParam;
}
