import { afterAll, describe, expect, it } from 'vitest';
import type { MessageParam, Transcript } from '../../../src/core/transcript/types.js';
import { buildLog, garden, tempStore } from './helpers.js';

/**
 * What the model asked back stays whole until its turn ends and a few calls have passed: pressure
 * shortens older blocks instead, so a fact brought back one call is still there the next.
 */
const { store, cleanup } = tempStore();
afterAll(cleanup);

const call = (id: string, command: string): MessageParam => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }],
});
const result = (id: string, content: string): MessageParam => ({
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: id, content }],
});

/** The form the tool result answering `id` is rendered in now. */
function formOf(request: { messages: MessageParam[] }, id: string): 'original' | 'shortened' | 'absent' {
  for (const message of request.messages)
    if (Array.isArray(message.content))
      for (const block of message.content)
        if (block.type === 'tool_result' && block.tool_use_id === id)
          return JSON.stringify(block.content).startsWith('"[gardener:') ? 'shortened' : 'original';
  return 'absent';
}

describe('what the model asked back stays', () => {
  it('keeps a `gardener show` result whole while the turn goes on, and lets it go once the user types again', () => {
    const g = garden(store, 9_000);
    const transcript: Transcript = {
      id: 'asked-back',
      format: 'anthropic',
      system: 'You are a careful coding agent.',
      messages: [{ role: 'user', content: 'Find the failure codes.' }],
    };
    const fact = `${buildLog('fact', 120)}\n2024-05-01 13:00:00 ERROR code QX-4417-LEDGER`;
    let step = 0;
    const next = (command: string, output: string) => {
      transcript.messages.push(call(`t${step}`, command), result(`t${step}`, output));
      step++;
      g.sync(transcript);
      g.plan({ strict: false });
      return g.render();
    };
    for (let i = 0; i < 3; i++) next(`make module${i}`, buildLog(`module${i}`, 120));
    // The model asks one fact back, then keeps working: pressure rises call after call.
    next('gardener show ab12cd34 --grep "QX-"', fact);
    const asked = `t${step - 1}`;
    for (let i = 0; i < 5; i++)
      expect(formOf(next(`make more${i}`, buildLog(`more${i}`, 120)), asked)).toBe('original');
    // The user types: the turn is over, and once a few more calls passed it may go like any block.
    transcript.messages.push(
      { role: 'assistant', content: [{ type: 'text', text: 'Found QX-4417-LEDGER.' }] },
      { role: 'user', content: 'Thanks. Now look at the tests.' },
    );
    let shortened = false;
    for (let i = 0; i < 8; i++)
      shortened ||= formOf(next(`pytest suite${i}`, buildLog(`suite${i}`, 120)), asked) === 'shortened';
    expect(shortened).toBe(true);
  });

  it('keeps a second read of the same file whole as well', () => {
    const g = garden(store, 9_000);
    const transcript: Transcript = {
      id: 'reread',
      format: 'anthropic',
      messages: [{ role: 'user', content: 'Fix the parser.' }],
    };
    const read = (id: string): MessageParam => ({
      role: 'assistant',
      content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: '/repo/src/parser.ts' } }],
    });
    const source = Array.from(
      { length: 200 },
      (_, n) => `export function rule${n}(x: number) { return x * ${n}; }`,
    ).join('\n');
    transcript.messages.push(read('r1'), result('r1', source));
    for (let i = 0; i < 3; i++)
      transcript.messages.push(call(`m${i}`, `make ${i}`), result(`m${i}`, buildLog(`m${i}`, 120)));
    transcript.messages.push(read('r2'), result('r2', source));
    for (let i = 3; i < 7; i++) {
      transcript.messages.push(call(`m${i}`, `make ${i}`), result(`m${i}`, buildLog(`m${i}`, 120)));
      g.sync(transcript);
      g.plan({ strict: false });
      expect(formOf(g.render(), 'r2')).toBe('original');
    }
  });
});
