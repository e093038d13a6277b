import { describe, expect, it } from 'vitest';
import { sweAgentImporter } from '../../../../src/core/transcript/formats/swe-agent.js';
import { expectValid, fixture } from '../fixtures.js';

describe('swe-agent importer', () => {
  const [t] = sweAgentImporter.parse(fixture('swe-agent-run.traj'), { source: 'runs/swe-agent-run.traj' });

  it('reads history as the chat and does not count the trajectory steps again', () => {
    expectValid(t!);
    const text = JSON.stringify(t!.messages);
    expect(text.split('Found 1 matches').length - 1).toBe(1);
    expect(t!.messages).toHaveLength(5);
  });

  it('turns tool_calls into tool_use and tool messages into tool_result by tool_call_ids', () => {
    expect(t!.messages[1]!.content).toEqual([
      { type: 'text', text: 'Find it.' },
      { type: 'tool_use', id: 'call_a', name: 'find_file', input: { file_name: 'missing.py' } },
    ]);
    expect(t!.messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_a', content: 'Found 1 matches' },
    ]);
  });

  it('merges the demonstration and the issue into the first user message and keeps the system prompt apart', () => {
    expect(t!.system).toBe('SETTING: You are an autonomous programmer.');
    expect(t!.messages[0]!.content).toEqual([
      { type: 'text', text: 'Here is a demonstration.' },
      { type: 'text', text: 'ISSUE: SyntaxError in missing.py' },
    ]);
    expect(t).toMatchObject({
      id: 'swe-agent-run',
      meta: { exitStatus: 'submitted', environment: 'swe_main' },
    });
  });

  it('falls back to trajectory steps when there is no history', () => {
    const [old] = sweAgentImporter.parse(
      JSON.stringify({ trajectory: JSON.parse(fixture('swe-agent-run.traj')).trajectory }),
    );
    expect(old!.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
    expectValid(old!);
  });

  it('renames a tool call id reused by a replayed run, and its result follows', () => {
    const history = [
      { role: 'user', content: 'go', agent: 'main' },
      {
        role: 'assistant',
        content: 'a',
        agent: 'main',
        tool_calls: [{ id: 'c', function: { name: 'x', arguments: '{}' } }],
      },
      { role: 'tool', content: 'r1', agent: 'main', tool_call_ids: ['c'] },
      {
        role: 'assistant',
        content: 'b',
        agent: 'main',
        tool_calls: [{ id: 'c', function: { name: 'x', arguments: '{}' } }],
      },
      { role: 'tool', content: 'r2', agent: 'main', tool_call_ids: ['c'] },
    ];
    const [r] = sweAgentImporter.parse(JSON.stringify({ history, trajectory: [] }));
    expectValid(r!);
    expect(r!.messages[4]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'c_2', content: 'r2' }]);
    expect(r!.meta?.['repairKinds']).toEqual({ 'duplicate-tool-use-id': 1 });
  });
});
