import { describe, expect, it } from 'vitest';
import { createProxySend } from '../../../../src/doors/bench/proxy-send.js';
import { toBenchSession } from '../../../../src/doors/bench/session.js';
import { recordedRequest } from '../../../../src/doors/bench/strategies/context.js';
import { defaultTokenizer } from '../../../../src/core/tokens/index.js';
import type { MessageParam, Transcript } from '../../../../src/core/transcript/index.js';

const reasoning = 'The loader reads the config before the test sets it, so the default wins. '.repeat(30);

/** A session on a model that keeps its thinking: three turns, each reply thinking first. */
function session() {
  const messages: MessageParam[] = [];
  for (let n = 0; n < 3; n++) {
    messages.push({ role: 'user', content: `question ${n}: ${'why does it fail? '.repeat(40)}` });
    messages.push({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: `${n} ${reasoning}`, signature: `sig${n}` },
        { type: 'text', text: `answer ${n}` },
      ],
    });
  }
  const transcript: Transcript = {
    id: 'kept-thinking',
    format: 'anthropic',
    messages,
    extra: { model: 'claude-opus-5-5' },
  };
  return toBenchSession(transcript, 'kept-thinking');
}

describe('the client’s own request in the bench', () => {
  it('names the session’s model, so its thinking is priced as gardener’s request prices it', () => {
    const bench = session();
    const proxy = createProxySend(defaultTokenizer());
    for (let call = 0; call < bench.calls.length; call++) {
      const request = recordedRequest(bench, call);
      expect(request['model']).toBe('claude-opus-5-5');
      // Gardener changed nothing: its request and the client's cost the same, thinking and all.
      const { costs } = proxy.send(request, recordedRequest(bench, call), call * 1_000);
      expect(costs.managed).toBeCloseTo(costs.unmanaged, 6);
    }
  });
});
