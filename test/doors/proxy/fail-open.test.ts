import { afterEach, describe, expect, it } from 'vitest';
import { textReply } from '../../support/fake-anthropic/index.js';
import { post, startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('gardener proxy fails open', () => {
  it('forwards a body the engine cannot read byte for byte, and says why', async () => {
    harness = await startHarness([textReply('never used')]);
    // Valid JSON, but a message's content is a number: the engine refuses it; the API will judge it.
    const raw = '{"model":"claude-sonnet-4-5",  "max_tokens":10,"messages":[{"role":"user","content":42}]}';
    const answer = await post(harness, '/v1/messages', raw);
    expect(answer.status).toBe(400);
    expect(harness.fake.requests[0]!.headers['content-length']).toBe(String(Buffer.byteLength(raw)));
    expect(harness.fake.requests[0]!.raw).toBe(raw);
    await until(() => harness!.records.length === 1);
    expect(harness.records[0]).toMatchObject({
      gardened: false,
      failOpen: expect.stringContaining('content'),
    });
  });

  it('forwards a body that is not JSON as it came', async () => {
    harness = await startHarness([]);
    const answer = await post(harness, '/v1/messages', '{not json');
    expect(answer.status).toBe(400);
    expect(harness.fake.requests[0]!.raw).toBe('{not json');
    await until(() => harness!.records.length === 1);
    expect(harness.records[0]).toMatchObject({ gardened: false, failOpen: 'body is not JSON' });
  });
});
