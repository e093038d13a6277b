import { defaultTokenizer } from '../../../src/core/tokens/index.js';
import { requestThinks } from './models.js';
import type { Json, ReplySpec } from './types.js';

const SENTENCE = 'compare what the last output showed with the plan, then choose the next step.';
const texts = new Map<number, string>();

/** Deterministic reasoning of at least `tokens` tokens (cl100k), the same text for the same size. */
export function reasoningText(tokens: number): string {
  let text = texts.get(tokens);
  if (text === undefined) {
    const parts: string[] = [];
    let count = 0;
    for (let k = 1; count < tokens; k++) {
      const part = `Step ${k}: ${SENTENCE}`;
      parts.push(part);
      count += defaultTokenizer().count(part) + 1;
    }
    text = parts.join(' ');
    texts.set(tokens, text);
  }
  return text;
}

/**
 * The reply with a thinking block of about `tokens` tokens put first when the request thinks and
 * the reply does not start with thinking already (scripts written for models that did not think).
 */
export function withThinking(spec: ReplySpec, body: Json, tokens: number | undefined): ReplySpec {
  if (!tokens || !requestThinks(body)) return spec;
  const first = spec.content[0]?.type;
  if (first === 'thinking' || first === 'redacted_thinking') return spec;
  return { ...spec, content: [{ type: 'thinking', thinking: reasoningText(tokens) }, ...spec.content] };
}
