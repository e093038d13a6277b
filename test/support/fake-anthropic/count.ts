import { createHash } from 'node:crypto';
import { countBlock, countRequest, MESSAGE_OVERHEAD } from '../../../src/tokens/count.js';
import { defaultTokenizer } from '../../../src/tokens/tokenizer.js';
import type { Usage, Json } from './types.js';

/**
 * Token estimate: the project's own count (cl100k_base via src/tokens, thinking excluded), so a
 * door's budget and the fake's `usage.input_tokens` agree. Real Claude tokens differ by a few percent.
 */
export function estimateInputTokens(body: Json): number {
  return countRequest(defaultTokenizer(), body);
}

export function estimateOutputTokens(blocks: Array<Record<string, Json>>): number {
  const tokenizer = defaultTokenizer();
  let total = 0;
  for (const block of blocks) {
    if (block['type'] === 'text') total += tokenizer.count(block['text']);
    else if (block['type'] === 'thinking') total += tokenizer.count(block['thinking']);
    else
      total += tokenizer.count(JSON.stringify(block['input'] ?? {})) + tokenizer.count(String(block['name']));
  }
  return Math.max(1, total);
}

interface Unit {
  tokens: number;
  key: string;
  breakpoint: boolean;
}

/** The request in the API's cache order (tools, system, messages), one unit per block. */
function units(body: Json): Unit[] {
  const tokenizer = defaultTokenizer();
  const out: Unit[] = [];
  const keyOf = (value: Json): string => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const rest: Record<string, unknown> = { ...value };
      delete rest['cache_control'];
      return JSON.stringify(rest);
    }
    return JSON.stringify(value);
  };
  if (Array.isArray(body.tools) && body.tools.length > 0)
    out.push({
      tokens: tokenizer.count(JSON.stringify(body.tools)),
      key: JSON.stringify(body.tools.map(keyOf)),
      breakpoint: body.tools.some((tool: Json) => Boolean(tool?.cache_control)),
    });
  if (typeof body.system === 'string')
    out.push({ tokens: tokenizer.count(body.system), key: body.system, breakpoint: false });
  else if (Array.isArray(body.system))
    for (const block of body.system)
      out.push({
        tokens: tokenizer.count(block.text),
        key: keyOf(block),
        breakpoint: Boolean(block.cache_control),
      });
  for (const message of body.messages) {
    const blocks =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (blocks.length === 0) out.push({ tokens: MESSAGE_OVERHEAD, key: message.role, breakpoint: false });
    blocks.forEach((block: Json, j: number) =>
      out.push({
        tokens: countBlock(tokenizer, block) + (j === 0 ? MESSAGE_OVERHEAD : 0),
        key: `${j === 0 ? message.role : ''}${keyOf(block)}`,
        breakpoint: Boolean(block.cache_control),
      }),
    );
  }
  return out;
}

/**
 * Simulated prompt cache. Each breakpoint of a request writes the prefix up to it; a later request
 * reads the longest prefix (up to its own last breakpoint) that an earlier request wrote. Not
 * simulated: TTL, the minimum cacheable length, the 20-block lookback.
 */
export function createPromptCache(): { usage(body: Json): Omit<Usage, 'output_tokens'> } {
  const written = new Set<string>();
  return {
    usage(body) {
      const list = units(body);
      const total = list.reduce((sum, unit) => sum + unit.tokens, 0);
      const lastBreakpoint = list.findLastIndex((unit) => unit.breakpoint);
      const hash = createHash('sha256');
      let tokens = 0;
      let read = 0;
      const writes: string[] = [];
      for (let i = 0; i <= lastBreakpoint; i++) {
        const unit = list[i] as Unit;
        hash.update(unit.key).update('\u0000');
        tokens += unit.tokens;
        const digest = hash.copy().digest('base64');
        if (written.has(digest)) read = tokens;
        if (unit.breakpoint) writes.push(digest);
      }
      for (const digest of writes) written.add(digest);
      const creation = tokens - read;
      return {
        input_tokens: total - tokens,
        cache_creation_input_tokens: creation,
        cache_read_input_tokens: read,
      };
    },
  };
}
