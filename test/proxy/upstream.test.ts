import { describe, expect, it } from 'vitest';
import { endToEnd, upstreamUrl } from '../../src/proxy/upstream.js';

describe('forwarding to the upstream', () => {
  it("joins the upstream's path prefix and the client's path, query kept", () => {
    expect(upstreamUrl(new URL('https://api.anthropic.com'), '/v1/messages?beta=true').href).toBe(
      'https://api.anthropic.com/v1/messages?beta=true',
    );
    expect(upstreamUrl(new URL('https://gw.example/anthropic/'), '/v1/messages').href).toBe(
      'https://gw.example/anthropic/v1/messages',
    );
  });

  it('drops hop-by-hop headers and those Connection names, keeps the rest (keys included)', () => {
    const out = endToEnd({
      connection: 'keep-alive, x-hop',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'x-hop': '1',
      'x-api-key': 'sk-test',
      authorization: 'Bearer t',
      'anthropic-beta': 'a,b',
      'anthropic-version': '2023-06-01',
    });
    expect(out).toEqual({
      'x-api-key': 'sk-test',
      authorization: 'Bearer t',
      'anthropic-beta': 'a,b',
      'anthropic-version': '2023-06-01',
    });
  });
});
