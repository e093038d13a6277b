import { createHash } from 'node:crypto';
import { countBlock, countMessage } from '../../core/tokens/index.js';
import type { CountOptions, Tokenizer } from '../../core/tokens/index.js';
import type { Block, MessageParam, MessagesRequest } from '../../core/transcript/index.js';

/** Token count and identity of one rendered unit (the request head, or a message). */
export interface Measured {
  tokens: number;
  /** SHA-1 of the unit's JSON: equal keys mean byte-identical units. */
  key: string;
}

/**
 * Measures rendered messages with a per-object cache: strategies hand back the same objects for
 * unchanged messages, so each distinct message is serialized and tokenized once per run.
 */
export interface Meter {
  readonly tokenizer: Tokenizer;
  /** Earlier turns' thinking is context (a model that keeps it: docs/BENCH.md § Preserved thinking). */
  readonly thinking: boolean;
  /** Tokens of one block, thinking counted as the meter says. */
  block(block: Block): number;
  message(message: MessageParam, fixed?: ReadonlyMap<MessageParam, number>): Measured;
  /** The request head: system prompt and tool definitions, counted as countRequest does. */
  head(request: Pick<MessagesRequest, 'system' | 'tools'>): Measured;
  /** Tokens of a whole rendered request. */
  request(request: MessagesRequest, fixed?: ReadonlyMap<MessageParam, number>): number;
}

export interface MeterOptions {
  /** Count thinking blocks as context (default false: docs/BENCH.md § Replay). */
  thinking?: boolean;
}

export function createMeter(tokenizer: Tokenizer, options: MeterOptions = {}): Meter {
  const thinking = options.thinking === true;
  const counting: CountOptions = { includeThinking: thinking };
  const messages = new WeakMap<object, Measured>();
  const heads = new Map<string, Measured>();

  const message = (m: MessageParam, fixed?: ReadonlyMap<MessageParam, number>): Measured => {
    let measured = messages.get(m);
    if (!measured) {
      const json = JSON.stringify(m);
      const tokens = fixed?.get(m) ?? countMessage(tokenizer, m, counting);
      measured = { tokens, key: sha1(json) };
      messages.set(m, measured);
    }
    return measured;
  };

  const head = (request: Pick<MessagesRequest, 'system' | 'tools'>): Measured => {
    const json = JSON.stringify([request.system ?? null, request.tools ?? null]);
    let measured = heads.get(json);
    if (!measured) {
      let tokens = 0;
      if (typeof request.system === 'string') tokens += tokenizer.count(request.system);
      else if (Array.isArray(request.system))
        for (const b of request.system) tokens += tokenizer.count(b.text);
      if (request.tools) tokens += tokenizer.count(JSON.stringify(request.tools));
      measured = { tokens, key: sha1(json) };
      heads.set(json, measured);
    }
    return measured;
  };

  const request = (r: MessagesRequest, fixed?: ReadonlyMap<MessageParam, number>): number => {
    let total = head(r).tokens;
    for (const m of r.messages) total += message(m, fixed).tokens;
    return total;
  };

  const block = (b: Block): number => countBlock(tokenizer, b, counting);

  return { tokenizer, thinking, block, message, head, request };
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}
