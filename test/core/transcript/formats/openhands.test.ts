import { describe, expect, it } from 'vitest';
import { openhandsImporter } from '../../../../src/core/transcript/formats/openhands.js';
import { expectValid, fixture } from '../fixtures.js';

describe('openhands importer', () => {
  const [t] = openhandsImporter.parse(fixture('openhands-events.json'), { source: 'openhands-events.json' });

  it('skips environment events and empty observations, and reads the system action as the system prompt', () => {
    expectValid(t!);
    expect(t!.system).toBe('You are OpenHands agent.');
    expect(t!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('groups the actions of one model reply into one assistant message with the raw reply text and arguments', () => {
    expect(t!.messages[1]!.content).toEqual([
      { type: 'text', text: "I'll rename it." },
      { type: 'tool_use', id: 'toolu_mv', name: 'execute_bash', input: { command: 'mv a.py b.py' } },
      { type: 'tool_use', id: 'toolu_ls', name: 'execute_bash', input: { command: 'ls' } },
    ]);
  });

  it('links observations to their action through cause', () => {
    expect(t!.messages[2]!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_mv',
        content: 'Command `mv a.py b.py` executed with exit code 0.',
      },
      { type: 'tool_result', tool_use_id: 'toolu_ls', content: 'b.py' },
    ]);
    expect(t!.meta?.model).toBe('claude-3-5-sonnet-20241022');
  });

  it('is sniffed as an event list', () => {
    expect(openhandsImporter.sniff(fixture('openhands-events.json'))).toBeGreaterThan(0.8);
    expect(openhandsImporter.sniff(fixture('openai-chat.json'))).toBe(0);
  });
});
