import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentBlockParam, ToolResultBlockParam } from '../../../../src/core/transcript/types.js';
import { detect } from '../../../../src/core/transcript/detect.js';
import { codexImporter } from '../../../../src/core/transcript/formats/codex.js';
import { rewrapToolOutput, unwrapToolOutput } from '../../../../src/core/transcript/formats/registry.js';
import { runGardener } from '../../../support/cli.js';
import { caught, expectValid, fixture, fixturePath } from '../fixtures.js';

const NAME = 'codex-rollout.jsonl';

type ToolUseBlockParam = Extract<ContentBlockParam, { type: 'tool_use' }>;

const line = (type: string, payload: object) =>
  JSON.stringify({ timestamp: '2025-11-03T09:00:00.000Z', type, payload });

describe('codex importer', () => {
  const [t] = codexImporter.parse(fixture(NAME), { source: NAME });

  it('makes one valid transcript: instructions and developer text as system, tool calls paired by call_id', () => {
    expectValid(t!);
    expect(t!.id).toBe('0199f3a2-5b7c-7d41-9e0a-3c2b1a4d5e6f');
    expect(t!.format).toBe('codex');
    expect(t!.system).toContain('You are Codex');
    expect(t!.system).toContain('<permissions instructions>');
    expect(t!.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const blocks = t!.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
    const uses = blocks.filter((b): b is ToolUseBlockParam => b.type === 'tool_use');
    expect(uses.map((b) => [b.id, b.name])).toEqual([
      ['call_Qk1', 'shell'],
      ['call_Qk2', 'shell_command'],
      ['call_Qk3', 'apply_patch'],
      ['call_Qk4', 'local_shell'],
    ]);
    expect(uses[0]!.input).toEqual({
      command: ['bash', '-lc', "rg -n 'round' src"],
      workdir: '/home/dev/invoice-tool',
    });
    expect(uses[2]!.input).toMatchObject({ input: expect.stringContaining('*** Begin Patch') });
    const results = blocks.filter((b): b is ToolResultBlockParam => b.type === 'tool_result');
    expect(results.map((b) => b.tool_use_id)).toEqual(['call_Qk1', 'call_Qk2', 'call_Qk3', 'call_Qk4']);
    expect(results[1]!.content).toMatch(/^Exit code: 1\nWall time: 0\.9 seconds\nOutput:\ntests\/test_vat/);
  });

  it('leaves out reasoning and the event lines that repeat the items, and skips injected text for the title', () => {
    const all = JSON.stringify(t!.messages);
    expect(all).not.toContain('encrypted');
    expect(all).not.toContain('Running the tests first');
    expect(all.match(/The VAT totals test fails/g)).toHaveLength(1);
    expect(t!.title).toBe('The VAT totals test fails after the rounding change. Find out why and fix it.');
    expect(t!.meta).toMatchObject({
      cwd: '/home/dev/invoice-tool',
      model: 'gpt-5-codex',
      version: '0.55.0',
      startedAt: '2025-11-03T09:00:00.050Z',
    });
  });

  it('reads outputs given as content items or as {content, success}, and a compaction summary as user text', () => {
    const text = [
      line('session_meta', { id: 's1', timestamp: 't', cwd: '/w' }),
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'look' }],
      }),
      line('response_item', { type: 'function_call', name: 'view_image', arguments: '{}', call_id: 'c1' }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'c1',
        output: [
          { type: 'input_text', text: 'the image' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
        ],
      }),
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c2' }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'c2',
        output: { content: 'sandbox denied', success: false },
      }),
      line('compacted', { message: 'Summary of the work so far.' }),
      line('response_item', { type: 'function_call', name: 'view_image', arguments: '{}', call_id: 'c3' }),
      line('response_item', { type: 'function_call_output', call_id: 'c3', output: [] }),
    ].join('\n');
    const [s] = codexImporter.parse(text, { source: 'rollout-x.jsonl' });
    expectValid(s!);
    expect(s!.messages[2]!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'c1',
        content: [
          { type: 'text', text: 'the image' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        ],
      },
    ]);
    expect(s!.messages[4]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'c2', content: 'sandbox denied', is_error: true },
      { type: 'text', text: 'Summary of the work so far.' },
    ]);
    expect(s!.messages[6]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'c3', content: '' }]);
  });

  it('reads older files of bare items after a session line', () => {
    const text = [
      JSON.stringify({ id: 'old-1', timestamp: '2025-06-01T10:00:00Z', instructions: 'Be brief.' }),
      JSON.stringify({ record_type: 'state' }),
      JSON.stringify({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }),
      JSON.stringify({
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'hello' }],
      }),
    ].join('\n');
    expect(detect(text, 'rollout-2025-06-01T10-00-00-old-1.jsonl').importer.name).toBe('codex');
    const [s] = codexImporter.parse(text);
    expect(s).toMatchObject({ id: 'old-1', system: 'Be brief.' });
    expect(s!.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ]);
  });

  it('refuses rollout lines that hold no conversation, naming the file', () => {
    const error = caught(() =>
      codexImporter.parse(line('session_meta', { id: 's' }) + '\n' + line('event_msg', { type: 'x' }), {
        source: 'empty.jsonl',
      }),
    );
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toContain('Codex CLI rollout');
    expect(error.where).toBe('empty.jsonl');
  });

  it('is detected from its rollout lines', () => {
    const found = detect(fixture(NAME), fixturePath(NAME));
    expect(found.importer.name).toBe('codex');
    expect(found.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('codex shell output envelope', () => {
  it('takes the plain-text header off and keeps the exit code as [exit N]', () => {
    const text = 'Exit code: 2\nWall time: 1.5 seconds\nTotal output lines: 900\nOutput:\nboom\n';
    const unwrapped = unwrapToolOutput(text);
    expect(unwrapped).toEqual({ kind: 'codex-exec', body: 'boom\n', exitCode: 2 });
    expect(rewrapToolOutput(unwrapped, '[log: 1 line]')).toBe('[exit 2]\n[log: 1 line]');
  });

  it('reads the JSON form of older versions, and leaves other JSON alone', () => {
    const text = JSON.stringify({ output: 'a\nb\n', metadata: { exit_code: 0, duration_seconds: 0.1 } });
    expect(unwrapToolOutput(text)).toEqual({ kind: 'codex-exec', body: 'a\nb\n', exitCode: 0 });
    expect(unwrapToolOutput('{"output": "x", "metadata": {}}').kind).toBe('none');
    expect(unwrapToolOutput('{"output":"x","metadata":{"exit_code":0}').kind).toBe('none');
    expect(unwrapToolOutput('Exit code: 1\nno header').kind).toBe('none');
  });
});

describe('gardener compress on a Codex rollout', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gardener-codex-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('summarises the old shell outputs inside their envelope and keeps the exit code', async () => {
    const run = await runGardener([
      'compress',
      fixturePath(NAME),
      '--to',
      'text',
      '--db',
      path.join(dir, 'c.db'),
      '--project',
      'codex-test',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(codex, 10 messages)');
    expect(run.stdout).toMatch(/← shell_command result:\n +\[gardener: log summary [^\n]*\n +\[exit 1\]\n/);
    expect(run.stdout).toContain('FAILED tests/test_vat.py::test_vat_case_41');
    expect(run.stdout).not.toContain('Wall time: 0.9 seconds');
    expect(run.stdout).not.toContain('"metadata":{"exit_code":0,"duration_seconds":0.1}');
  });

  it('lists the format', async () => {
    const run = await runGardener(['compress', '--list-formats']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^codex\b.*Codex CLI session rollout/m);
  });
});
