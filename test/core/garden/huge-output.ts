import type { Transcript } from '../../../src/core/transcript/index.js';

/** A transcript whose one tool output is `chars` characters of log, a needle line in its middle. */
export function withHugeOutput(chars: number): { transcript: Transcript; output: string } {
  const line = 'INFO worker 17 processed batch 12345 in 42 ms status=ok\n';
  const half = line.repeat(Math.ceil(chars / 2 / line.length));
  const output = `${half}ERROR quokka7 failed to settle\n${half}`;
  const transcript: Transcript = {
    id: 'huge',
    format: 'anthropic',
    messages: [
      { role: 'user', content: 'run the batch' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: output }] },
      { role: 'assistant', content: 'The batch ran.' },
      { role: 'user', content: 'what failed?' },
    ],
  };
  return { transcript, output };
}
