import { describe, expect, it } from 'vitest';
import { keptByConversation } from '../../src/doors/proxy/kept-by-conversation.js';

describe('keptByConversation', () => {
  const sized = (bytes: number) => ({ bytes });

  it('drops the least recently kept while over the bytes, never the one just kept', () => {
    const kept = keptByConversation<{ bytes: number }>((v) => v.bytes, { maxBytes: 100 });
    kept.keep('a', sized(40));
    kept.keep('b', sized(40));
    kept.keep('a', sized(50)); // a is now the most recent: b goes first
    kept.keep('c', sized(30));
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c')]).toEqual([sized(50), sized(30)]);
    kept.keep('d', sized(150));
    expect([...kept.values()]).toEqual([sized(150)]);
  });

  it('keeps at most maxCount, and forgetting gives the bytes back', () => {
    const kept = keptByConversation<{ bytes: number }>((v) => v.bytes, { maxBytes: 100, maxCount: 2 });
    kept.keep('a', sized(10));
    kept.keep('b', sized(10));
    kept.keep('c', sized(10));
    expect(kept.get('a')).toBeUndefined();
    kept.forget('b');
    kept.keep('d', sized(85));
    expect([...kept.values()]).toEqual([sized(10), sized(85)]);
  });
});
