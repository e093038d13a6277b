import { requestUnits, type CacheUnit } from '../../core/cache/index.js';
import type { Tokenizer } from '../../core/tokens/index.js';
import type { MessageParam, MessagesRequest } from '../../core/transcript/index.js';

/**
 * The cache units of requests as the client sent them (the cache model's unmanaged side), kept per
 * message object: the body parser hands over the previous call's objects for every message whose
 * bytes did not change, so only the new messages are serialised, hashed and counted again. The
 * units of a request are its tools' and system's, then each message's in turn (requestUnits).
 */
export type OriginalUnits = (request: MessagesRequest) => readonly CacheUnit[];

export function createOriginalUnits(tokenizer: Tokenizer): OriginalUnits {
  const byMessage = new WeakMap<MessageParam, readonly CacheUnit[]>();
  const byTools = new WeakMap<object, { system: unknown; units: readonly CacheUnit[] }>();
  const headOf = (request: MessagesRequest): readonly CacheUnit[] => {
    const head = { ...request, messages: [] } as MessagesRequest;
    const tools = request.tools;
    if (typeof tools !== 'object' || tools === null) return requestUnits(head, tokenizer);
    const known = byTools.get(tools);
    if (known && known.system === request.system) return known.units;
    const units = requestUnits(head, tokenizer);
    byTools.set(tools, { system: request.system, units });
    return units;
  };
  return (request) => {
    const units = [...headOf(request)];
    for (const message of request.messages) {
      let own = byMessage.get(message);
      if (!own) byMessage.set(message, (own = requestUnits({ messages: [message] }, tokenizer)));
      for (const unit of own) units.push(unit);
    }
    return units;
  };
}
