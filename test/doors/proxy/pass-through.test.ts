import { afterEach, describe, expect, it } from 'vitest';
import { emptyTally, tallyRecord, tallyTotals } from '../../../src/doors/proxy/tally.js';
import { textReply } from '../../support/fake-anthropic/index.js';
import { claudeMetadata, clientHeaders, post, startHarness, until, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const body = {
  model: 'claude-opus-4-8',
  max_tokens: 1024,
  metadata: claudeMetadata('0b0e5a6c-1111-4222-8333-944445555666'),
  context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
  output_config: { effort: 'high' },
  future_field: { nested: [1, 2, 3] },
  system: [
    { type: 'text', text: 'You are a test agent.' },
    {
      type: 'text',
      text: ' - Primary working directory: /nowhere/project',
      cache_control: { type: 'ephemeral' },
    },
  ],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }] },
    { role: 'system', content: 'Mid-conversation system text.' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Let me think.', signature: 'c2lnbmF0dXJl' },
        { type: 'mystery_block', payload: { x: 1 } },
        { type: 'text', text: 'Hi.' },
      ],
    },
    { role: 'user', content: [{ type: 'text', text: 'and now?', cache_control: { type: 'ephemeral' } }] },
  ],
};

describe('gardener proxy passes what it does not garden through unchanged', () => {
  it('keeps unknown fields, roles, block types, thinking signatures, breakpoints, query and headers', async () => {
    harness = await startHarness([textReply('ok')]);
    const headers = clientHeaders({
      'anthropic-beta': 'claude-code-20250219,context-management-2025-06-27',
      'x-custom-header': 'kept',
      'x-claude-code-session-id': '0b0e5a6c-1111-4222-8333-944445555666',
    });
    const answer = await post(harness, '/v1/messages?beta=true', body, headers);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).content[0].text).toBe('ok');

    const seen = harness.fake.requests[0]!;
    expect(seen.path).toBe('/v1/messages?beta=true');
    expect(seen.headers['x-api-key']).toBe('test-key');
    expect(seen.headers['anthropic-version']).toBe('2023-06-01');
    expect(seen.headers['anthropic-beta']).toBe('claude-code-20250219,context-management-2025-06-27');
    expect(seen.headers['x-custom-header']).toBe('kept');
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(seen.body))));
    // Nothing to shorten in a short request: the body arrives byte for byte as it was sent.
    expect(seen.raw).toBe(JSON.stringify(body));
    expect(harness.fake.violations).toEqual([]);
    await until(() => harness!.records.length === 1);
    expect(harness.records[0]).toMatchObject({ kind: 'messages', gardened: true, status: 200 });
    expect(harness.records[0]!.session).toMatch(/^0b0e5a6c-1111-4222-8333-944445555666~[0-9a-f]+$/);
  });

  it('bills a request that went out as it came the same unmanaged: 0% saved', async () => {
    harness = await startHarness([textReply('one'), textReply('two')]);
    const headers = clientHeaders({
      'anthropic-beta': 'context-management-2025-06-27',
      'x-claude-code-session-id': '0b0e5a6c-1111-4222-8333-944445555666',
    });
    const plain = {
      ...body,
      system: 'You are a test agent.',
      messages: [{ role: 'user', content: 'hello' }],
    };
    expect((await post(harness, '/v1/messages', plain, headers)).status).toBe(200);
    const longer = {
      ...plain,
      messages: [...plain.messages, { role: 'assistant', content: 'one' }, { role: 'user', content: 'and?' }],
    };
    expect((await post(harness, '/v1/messages', longer, headers)).status).toBe(200);
    await until(() => harness!.records.length === 2);
    for (const record of harness.records) {
      expect(record.modelled).toBeDefined();
      expect(record.modelled!.raw).toEqual(record.modelled!.sent);
    }
    const totals = tallyTotals(harness.records.reduce(tallyRecord, emptyTally()));
    expect(totals.costSent).toBeGreaterThan(0);
    expect(totals.costRaw).toBe(totals.costSent);
  });

  it('forwards other paths and methods unchanged, answering with the upstream status', async () => {
    harness = await startHarness([]);
    const head = await fetch(`${harness.proxy.server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const models = await fetch(`${harness.proxy.server.url}/v1/models`, { headers: clientHeaders() });
    expect(models.status).toBe(200);
    expect(((await models.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    const missing = await fetch(`${harness.proxy.server.url}/v1/nothing?x=1`, {
      method: 'POST',
      body: 'raw bytes',
    });
    expect(missing.status).toBe(404);
    expect(harness.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'HEAD /',
      'GET /v1/models',
      'POST /v1/nothing?x=1',
    ]);
  });
});
