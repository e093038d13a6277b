import { describe, expect, it } from 'vitest';
import type { MessageParam } from '../../../src/core/transcript/types.js';
import { typedByUser } from '../../../src/core/garden/ingest/typed-by-user.js';

const output = "Debug: Raw data from YAML file:\n[{'dirname': 'run-1', 'pass_rate_2': 68.4}]";

function aider(answer: string): MessageParam[] {
  return [
    { role: 'user', content: [{ type: 'text', text: 'the graph comes out with no data on it?' }] },
    { role: 'assistant', content: 'Let us add debug prints.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: '/run python over_time.py' },
        { type: 'text', text: 'Add the output to the chat?' },
      ],
    },
    { role: 'assistant', content: `(y/n/instructions) ${answer}` },
    {
      role: 'user',
      content: [
        { type: 'text', text: output },
        { type: 'text', text: 'why is it empty?' },
      ],
    },
  ];
}

describe('typedByUser for aider command output', () => {
  it('treats the output aider adds after "Add the output to the chat?" answered y as not typed', () => {
    const typed = typedByUser({ format: 'aider', messages: aider('y') });
    expect(typed(4, 0)).toBe(false);
    expect(typed(4, 1)).toBe(true);
    expect(typed(2, 0)).toBe(true);
  });

  it('treats it the same when the user answered with instructions', () => {
    expect(typedByUser({ format: 'aider', messages: aider('only show the errors') })(4, 0)).toBe(false);
  });

  it('leaves the next user text typed when the user declined with n', () => {
    expect(typedByUser({ format: 'aider', messages: aider('n') })(4, 0)).toBe(true);
  });

  it('applies only to aider transcripts', () => {
    expect(typedByUser({ format: 'anthropic', messages: aider('y') })(4, 0)).toBe(true);
  });
});

describe('typedByUser for SWE-agent observations', () => {
  it('treats an observation that reads like prose as not typed, by its status lines', () => {
    const observation =
      'The challenge description says the flag is hidden in the second image, and the server greets every client with a riddle.\n(Open file: n/a)\n(Current directory: /ctf/riddle)\nbash-$';
    const messages: MessageParam[] = [
      { role: 'user', content: 'Solve the riddle challenge.' },
      { role: 'assistant', content: 'DISCUSSION\nLet me read the description.\n```\ncat README.md\n```' },
      { role: 'user', content: [{ type: 'text', text: observation }] },
    ];
    expect(typedByUser({ format: 'swe-agent', messages })(2, 0)).toBe(false);
  });
});

describe('typedByUser as a sync reads (messages added after the test is made)', () => {
  it('finds the first user message (the task, typed whatever it reads like) among those added so far', () => {
    const log = (n: number) =>
      Array.from({ length: 12 }, (_, k) => `2024-05-01 12:00:${10 + k} ERROR job ${n}: exit ${k}`).join('\n');
    const messages: MessageParam[] = [];
    const typed = typedByUser({ format: 'mini-swe-agent', messages });
    messages.push({ role: 'user', content: [{ type: 'text', text: log(1) }] });
    expect(typed(0, 0)).toBe(true);
    messages.push({ role: 'assistant', content: 'THOUGHT: run it again.\n```bash\nmake\n```' });
    messages.push({ role: 'user', content: [{ type: 'text', text: log(2) }] });
    expect(typed(2, 0)).toBe(false);
  });
});
