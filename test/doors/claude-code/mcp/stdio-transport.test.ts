import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES } from '../../../../src/doors/claude-code/mcp/stdio-transport.js';
import { runGardener } from '../../../support/cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gardener-mcp-stdio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request = (id: number, method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const INITIALIZE = request(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'hostile', version: '0' },
});

interface Reply {
  id: number | null;
  result?: { tools?: unknown[] };
  error?: { code: number; message: string };
}

describe('gardener mcp on hostile input', () => {
  it('answers a malformed line with -32700, a non-message with -32600, a huge line with an error, and stays up', async () => {
    const db = path.join(dir, 'gardener.db');
    // As the MCP SDK writes a request: its id last, after the params.
    const huge = JSON.stringify({
      method: 'tools/call',
      params: { name: 'note', arguments: { text: 'x'.repeat(MAX_LINE_BYTES + 1), id: 'inner' } },
      jsonrpc: '2.0',
      id: 9,
    });
    const hugeWithoutId = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/x',
      pad: 'y'.repeat(MAX_LINE_BYTES),
    });
    const input = [
      INITIALIZE,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      '{"jsonrpc": "2.0", "id": 2, "method": ',
      JSON.stringify({ hello: 'world', id: 3 }),
      huge,
      hugeWithoutId,
      request(4, 'tools/list'),
      '',
    ].join('\n');
    const run = await runGardener(
      ['mcp', '--db', db, '--project', 'p', '--session', 's', '--no-hook-server'],
      {
        stdin: input,
      },
    );
    expect(run.code).toBe(0);
    const replies = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Reply);
    // Error replies are written at once, answers to requests when the server has them: any order.
    const outcomes = replies.map((r) => `${r.id} ${r.error?.code ?? 'ok'}`).sort();
    // The huge request's reply names its id; only a line with no id to find gets null.
    expect(outcomes).toEqual(['1 ok', '3 -32600', '4 ok', '9 -32600', 'null -32600', 'null -32700']);
    expect(replies.find((r) => r.id === 9)?.error?.message).toMatch(/message too large/);
    expect(replies.find((r) => r.error?.code === -32600 && r.id === null)?.error?.message).toMatch(
      /message too large/,
    );
    expect(replies.find((r) => r.id === 4)?.result?.tools?.length).toBe(5);
    const log = readFileSync(path.join(dir, 'gardener.log'), 'utf8');
    expect(log).toMatch(/\[mcp\] parse error/);
    expect(log).toMatch(/\[mcp\] message too large/);
  }, 60_000);
});
