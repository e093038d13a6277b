import type { MessageParam } from '../../src/core/transcript/types.js';

/** A message whose property reads are counted (to show a walk passed it by). */
export function watched(message: MessageParam, reads: { count: number }): MessageParam {
  return new Proxy(message, {
    get(target, key, receiver) {
      reads.count++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
