/**
 * One value kept per conversation (a body to parse or write the next one from), bounded: while the
 * kept values together are over `maxBytes` (or more than `maxCount`), the least recently kept goes,
 * never the one just kept.
 */
export interface KeptByConversation<T> {
  get(conversation: string): T | undefined;
  keep(conversation: string, value: T): void;
  forget(conversation: string): void;
  values(): IterableIterator<T>;
}

export function keptByConversation<T>(
  bytesOf: (value: T) => number,
  limits: { maxBytes: number; maxCount?: number },
): KeptByConversation<T> {
  const kept = new Map<string, T>();
  const maxCount = limits.maxCount ?? Infinity;
  let keptBytes = 0;
  const forget = (conversation: string) => {
    const old = kept.get(conversation);
    if (old !== undefined) keptBytes -= bytesOf(old);
    kept.delete(conversation);
  };
  return {
    get: (conversation) => kept.get(conversation),
    values: () => kept.values(),
    forget,
    keep(conversation, value) {
      forget(conversation);
      kept.set(conversation, value);
      keptBytes += bytesOf(value);
      for (const [oldest] of kept) {
        if ((keptBytes <= limits.maxBytes && kept.size <= maxCount) || oldest === conversation) break;
        forget(oldest);
      }
    },
  };
}
