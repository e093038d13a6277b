import { describe, expect, it } from 'vitest';
import { claudeCodeImporter } from '../../../../src/core/transcript/formats/claude-code.js';
import { UNRECORDED_RESULT } from '../../../../src/core/transcript/formats/repair.js';
import type { Block } from '../../../../src/core/transcript/types.js';
import { expectValid, fixture } from '../fixtures.js';

const parse = (name: string) => claudeCodeImporter.parse(fixture(name), { source: name });
const blocks = (content: string | Block[]) => (typeof content === 'string' ? [] : content);

describe('claude-code importer', () => {
  it('merges the lines of one API message and the parallel tool results that hang off each tool_use', () => {
    const [t] = parse('cc-session.jsonl');
    expectValid(t!);
    const assistant = blocks(t!.messages[1]!.content);
    expect(assistant.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use', 'tool_use']);
    const results = blocks(t!.messages[2]!.content);
    expect(results.map((b) => (b.type === 'tool_result' ? b.tool_use_id : b.type))).toEqual([
      'toolu_read',
      'toolu_bash',
    ]);
  });

  it('follows the branch of the last leaf after a rewind and counts the abandoned lines', () => {
    const [t] = parse('cc-session.jsonl');
    const texts = t!.messages
      .flatMap((m) => blocks(m.content))
      .filter((b) => b.type === 'text')
      .map((b) => (b.type === 'text' ? b.text : ''));
    expect(texts).toContain('Actually, option B: inject the clock.');
    expect(texts).not.toContain('Option A please');
    expect(t!.meta?.['offBranchLines']).toBe(2);
    expect(t!.messages).toHaveLength(6);
  });

  it('keeps thinking blocks byte-identical, images, tool_reference parts and is_error, and ignores toolUseResult', () => {
    const text = fixture('cc-session.jsonl');
    const [t] = claudeCodeImporter.parse(text);
    const thinking = blocks(t!.messages[1]!.content)[0];
    expect(thinking).toEqual({
      type: 'thinking',
      thinking: 'The test depends on the clock.',
      signature: 'EqQBCkgIBxABGAIiQLm+sig/with+slashes==',
    });
    const result = blocks(t!.messages[2]!.content)[1];
    expect(result).toMatchObject({
      is_error: true,
      content: [{ type: 'text' }, { type: 'tool_reference', tool_name: 'Bash' }],
    });
    expect(blocks(t!.messages[4]!.content).map((b) => b.type)).toEqual(['text', 'image']);
    expect(JSON.stringify(t!.messages)).not.toContain('toolUseResult');
    expect(JSON.stringify(t!.messages).split('import { today }').length).toBe(2); // the Read output once, not twice
  });

  it('takes id, title (from the summary on the chain) and meta from the lines', () => {
    const [t] = parse('cc-session.jsonl');
    expect(t).toMatchObject({
      id: 'sess-1',
      format: 'claude-code',
      source: 'cc-session.jsonl',
      title: 'Fix the flaky date test',
    });
    expect(t!.meta).toMatchObject({
      cwd: '/repo',
      gitBranch: 'main',
      version: '2.1.17',
      model: 'claude-sonnet-4-5-20250929',
      startedAt: '2025-11-01T10:00:01.000Z',
    });
    expect(t!.meta?.['repairs']).toBeUndefined();
  });

  it('answers an interrupted tool call, turns an orphan tool_result into text and counts the repairs', () => {
    const [main] = parse('cc-interrupted.jsonl');
    expectValid(main!);
    const afterInterrupt = blocks(main!.messages[4]!.content);
    expect(afterInterrupt[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_test',
      content: UNRECORDED_RESULT,
      is_error: true,
    });
    expect(afterInterrupt.slice(1).map((b) => (b.type === 'text' ? b.text : ''))).toEqual([
      '[Request interrupted by user for tool use]',
      '<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>',
    ]);
    const orphan = blocks(main!.messages[6]!.content)[0];
    expect(orphan?.type === 'text' && orphan.text).toContain('stale output from before the rewind');
    expect(main!.meta).toMatchObject({
      repairs: 3,
      repairKinds: { 'unanswered-tool-use': 1, 'orphan-tool-result': 1, 'same-role-merged': 1 },
    });
  });

  it('makes inline sidechain lines a separate transcript linked to its parent', () => {
    const [main, side] = parse('cc-interrupted.jsonl');
    expect(main!.id).toBe('sess-2');
    expect(side).toMatchObject({ id: 'sess-2/sidechain-1', meta: { parentId: 'sess-2', isSidechain: true } });
    expect(side!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(main!.messages.some((m) => m.content === 'List every TODO comment')).toBe(false); // the sidechain's prompt stays out
    expectValid(side!);
  });

  it('reads a flat agent-*.jsonl as a sidechain of the session it names', () => {
    const [t] = parse('cc-nested/agent-f00d.jsonl');
    expect(t).toMatchObject({
      id: 'sess-3/agent-f00d',
      meta: { parentId: 'sess-3', isSidechain: true, agentId: 'f00d' },
    });
  });

  it('keeps the history before a compaction by following logicalParentUuid across the boundary', () => {
    const line = (uuid: string, parent: string | null, type: string, extra: object) =>
      JSON.stringify({ uuid, parentUuid: parent, type, sessionId: 's-c', isSidechain: false, ...extra });
    const text = [
      line('u1', null, 'user', { message: { role: 'user', content: 'Refactor the parser' } }),
      line('a1', 'u1', 'assistant', {
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      }),
      line('b1', null, 'system', {
        subtype: 'compact_boundary',
        logicalParentUuid: 'a1',
        content: 'Conversation compacted',
      }),
      line('s1', 'b1', 'user', {
        isCompactSummary: true,
        message: { role: 'user', content: 'This session is being continued…' },
      }),
      line('u2', 's1', 'user', { message: { role: 'user', content: 'Now add tests' } }),
      line('a2', 'u2', 'assistant', {
        message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Added.' }] },
      }),
    ].join('\n');
    const [t] = claudeCodeImporter.parse(text);
    expectValid(t!);
    expect(t!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(t!.messages[0]!.content).toBe('Refactor the parser');
    expect(t!.meta?.['compactions']).toBe(1);
  });

  it('returns nothing for a file of summary and snapshot lines only', () => {
    const text =
      '{"type":"summary","summary":"x","leafUuid":"u1"}\n{"type":"file-history-snapshot","messageId":"m","snapshot":{},"isSnapshotUpdate":false}\n';
    expect(claudeCodeImporter.parse(text)).toEqual([]);
  });

  it('sniffs Claude Code lines and not other JSONL', () => {
    expect(claudeCodeImporter.sniff(fixture('cc-session.jsonl'))).toBeGreaterThan(0.9);
    expect(claudeCodeImporter.sniff(fixture('agent-sdk-stream.jsonl'))).toBe(0);
    expect(claudeCodeImporter.sniff(fixture('openai-chat.json'))).toBe(0);
  });
});
