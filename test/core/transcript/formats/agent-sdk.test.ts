import { describe, expect, it } from 'vitest';
import { agentSdkImporter } from '../../../../src/core/transcript/formats/agent-sdk.js';
import { expectValid, fixture } from '../fixtures.js';

describe('agent-sdk importer', () => {
  const [main, sub] = agentSdkImporter.parse(fixture('agent-sdk-stream.jsonl'), { source: 'stream.jsonl' });

  it('keeps only user and assistant messages, under the session id of the init message', () => {
    expect(main!.id).toBe('sdk-sess-1');
    expect(main!.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(main!.meta).toMatchObject({
      model: 'claude-sonnet-4-5-20250929',
      cwd: '/app',
      costUsd: 0.0123,
      numTurns: 3,
      erroredMessagesSkipped: 1,
    });
    expectValid(main!);
  });

  it('omits thinking and empty text, turns null tool_result content into "" and skips tool_use sent by the user', () => {
    expect(main!.messages[1]!.content).toEqual([
      { type: 'text', text: "I'll count them." },
      { type: 'tool_use', id: 'toolu_ls', name: 'Bash', input: { command: 'ls src | wc -l' } },
    ]);
    expect(main!.messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_ls', content: '' },
    ]);
  });

  it('skips an assistant message that carries an error', () => {
    expect(JSON.stringify(main!.messages)).not.toContain('API Error: overloaded');
  });

  it('puts subagent messages (parent_tool_use_id) in their own transcript', () => {
    expect(sub).toMatchObject({
      id: 'sdk-sess-1/toolu_sub',
      meta: { parentId: 'sdk-sess-1', isSidechain: true, parentToolUseId: 'toolu_sub' },
    });
    expect(sub!.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expectValid(sub!);
  });

  it('keeps thinking as text when asked, and says so in meta', () => {
    const [t] = agentSdkImporter.parse(fixture('agent-sdk-stream.jsonl'), { includeThinking: true });
    expect(t!.messages[1]!.content).toContainEqual({ type: 'text', text: 'Count with ls.' });
    expect(t!.meta?.['hasThinking']).toBe(true);
  });

  it('reads Python dataclass dicts and finds the session id in the result message', () => {
    const [t] = agentSdkImporter.parse(fixture('agent-sdk-python.json'));
    expect(t!.id).toBe('py-sess-9');
    expect(t!.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Say hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi!' }] },
    ]);
    expectValid(t!);
  });

  it('sniffs both shapes, and not Claude Code logs', () => {
    expect(agentSdkImporter.sniff(fixture('agent-sdk-stream.jsonl'))).toBeGreaterThan(0.8);
    expect(agentSdkImporter.sniff(fixture('agent-sdk-python.json'))).toBeGreaterThan(0.7);
    expect(agentSdkImporter.sniff(fixture('cc-session.jsonl'))).toBe(0);
  });
});
